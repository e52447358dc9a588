import path from "node:path";
import { applyMigrations } from "@/db/migrate";
import { createDatabase } from "@/db/client";
import { withStartupLock } from "@/db/startup-lock";
import { ensureReferenceData } from "@/db/seed/reference";
import { ensurePlaces } from "./places";
import { isDemoSeeded, seedDemoData } from "@/db/seed/demo";
import { DATA_DIR, loadLocalSecrets } from "./local-secrets";
import { startEmbeddedPostgres, type Supervision } from "./embedded-postgres";

export interface PreparedDatabase {
  /** Variables the app needs on top of the caller's environment. */
  env: Record<string, string>;
  embedded: boolean;
  demo: boolean;
  stop: () => Promise<void>;
  /** Keeps the embedded PostgreSQL running from now on (a no-op for DATABASE_URL, whose server is its own). */
  keepRunning: (supervision: Supervision) => void;
}

/**
 * The database the app will use, migrated: the server at DATABASE_URL when it is set, otherwise the
 * embedded PostgreSQL under .data/, which is seeded with demo data the first time.
 */
export async function prepareDatabase(
  options: { dataDir?: string; fresh?: boolean; log?: (line: string) => void } = {},
): Promise<PreparedDatabase> {
  const log = options.log ?? (() => {});
  const externalUrl = process.env.DATABASE_URL;
  if (externalUrl) {
    log("Using the PostgreSQL server at DATABASE_URL.");
    const demo = await prepareSchemaAndData(externalUrl, log, false);
    return { env: {}, embedded: false, demo, stop: async () => {}, keepRunning: () => {} };
  }

  const secrets = loadLocalSecrets();
  const dataDir = options.dataDir ?? path.join(DATA_DIR, "postgres");
  log(`Starting the embedded PostgreSQL (data in ${path.relative(process.cwd(), dataDir)}/)...`);
  const postgres = await startEmbeddedPostgres({
    dataDir,
    password: secrets.databasePassword,
    fresh: options.fresh,
    log,
  });
  try {
    const demo = await prepareSchemaAndData(postgres.url, log, true);
    return {
      env: {
        DATABASE_URL: postgres.url,
        AUTH_SECRET: process.env.AUTH_SECRET || secrets.authSecret,
        BIRTH_DATA_KEY: process.env.BIRTH_DATA_KEY || secrets.birthDataKey,
        TWO_FACTOR_KEY: process.env.TWO_FACTOR_KEY || secrets.twoFactorKey,
        VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY || secrets.vapidPublicKey,
        VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY || secrets.vapidPrivateKey,
      },
      embedded: true,
      demo,
      stop: postgres.stop,
      keepRunning: postgres.keepRunning,
    };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}

/**
 * Migrations, reference data, the birth-place list and (embedded only) the demo seed, all under the
 * start-up lock, so that instances started together against one database take turns. Returns
 * whether the demo data is there.
 */
async function prepareSchemaAndData(url: string, log: (line: string) => void, seedDemo: boolean): Promise<boolean> {
  return withStartupLock(url, async (client) => {
    await applyMigrations(client);
    await ensurePlaces(url, log);
    return withDatabase(url, async (db) => {
      await ensureReferenceData(db);
      if (!seedDemo || (await isDemoSeeded(db))) return isDemoSeeded(db);
      log("Seeding demo data...");
      await seedDemoData(db);
      return true;
    });
  });
}

async function withDatabase<T>(
  url: string,
  work: (db: ReturnType<typeof createDatabase>["db"]) => Promise<T>,
): Promise<T> {
  const { db, pool } = createDatabase(url, 2);
  try {
    return await work(db);
  } finally {
    await pool.end();
  }
}
