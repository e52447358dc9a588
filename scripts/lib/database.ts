import path from "node:path";
import { migrateDatabase } from "@/db/migrate";
import { createDatabase } from "@/db/client";
import { ensureReferenceData } from "@/db/seed/reference";
import { ensurePlaces } from "./places";
import { isDemoSeeded, seedDemoData } from "@/db/seed/demo";
import { DATA_DIR, loadLocalSecrets } from "./local-secrets";
import { startEmbeddedPostgres } from "./embedded-postgres";

export interface PreparedDatabase {
  /** Variables the app needs on top of the caller's environment. */
  env: Record<string, string>;
  embedded: boolean;
  demo: boolean;
  stop: () => Promise<void>;
}

/**
 * The database the app will use, migrated: the server at DATABASE_URL when it is set, otherwise the
 * embedded PostgreSQL under .data/, which is seeded with demo data the first time.
 */
export async function prepareDatabase(options: { dataDir?: string; fresh?: boolean; log?: (line: string) => void } = {}): Promise<PreparedDatabase> {
  const log = options.log ?? (() => {});
  const externalUrl = process.env.DATABASE_URL;
  if (externalUrl) {
    log("Using the PostgreSQL server at DATABASE_URL.");
    await migrateDatabase(externalUrl);
    const demo = await withDatabase(externalUrl, async (db) => {
      await ensureReferenceData(db);
      return isDemoSeeded(db);
    });
    await ensurePlaces(externalUrl, log);
    return { env: {}, embedded: false, demo, stop: async () => {} };
  }

  const secrets = loadLocalSecrets();
  const dataDir = options.dataDir ?? path.join(DATA_DIR, "postgres");
  log(`Starting the embedded PostgreSQL (data in ${path.relative(process.cwd(), dataDir)}/)...`);
  const postgres = await startEmbeddedPostgres({ dataDir, password: secrets.databasePassword, fresh: options.fresh });
  try {
    await migrateDatabase(postgres.url);
    await ensurePlaces(postgres.url, log);
    const demo = await withDatabase(postgres.url, async (db) => {
      await ensureReferenceData(db);
      if (await isDemoSeeded(db)) return true;
      log("Seeding demo data...");
      await seedDemoData(db);
      return true;
    });
    return {
      env: {
        DATABASE_URL: postgres.url,
        AUTH_SECRET: process.env.AUTH_SECRET || secrets.authSecret,
        BIRTH_DATA_KEY: process.env.BIRTH_DATA_KEY || secrets.birthDataKey,
        VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY || secrets.vapidPublicKey,
        VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY || secrets.vapidPrivateKey,
      },
      embedded: true,
      demo,
      stop: postgres.stop,
    };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}

async function withDatabase<T>(url: string, work: (db: ReturnType<typeof createDatabase>["db"]) => Promise<T>): Promise<T> {
  const { db, pool } = createDatabase(url, 2);
  try {
    return await work(db);
  } finally {
    await pool.end();
  }
}
