import { existsSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { DATA_DIR, loadLocalSecrets } from "./local-secrets";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "./embedded-postgres";

export interface OpenDatabase {
  url: string;
  /** Stops what this script started (nothing when the database was already running). */
  close: () => Promise<void>;
}

/**
 * The database an operator's command works on (db:backup, db:restore, admin:create, stripe:sync):
 * DATABASE_URL, or the embedded PostgreSQL under the data directory. While `npm start` runs, that one
 * is used where it runs (its port is in its postmaster.pid); otherwise it is started for the while.
 */
export async function openDatabase(): Promise<OpenDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, close: async () => {} };
  const dataDir = path.join(DATA_DIR, "postgres");
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new Error(
      `There is no database yet: DATABASE_URL is not set and ${dataDir} holds no embedded database. Run npm start once (it creates one), or set DATABASE_URL.`,
    );
  }
  const { databasePassword } = loadLocalSecrets();
  const running = runningEmbeddedUrl(dataDir, databasePassword);
  if (running) return { url: running, close: async () => {} };
  const postgres = await startEmbeddedPostgres({ dataDir, password: databasePassword });
  return { url: postgres.url, close: postgres.stop };
}

/** Refuses, saying what to do, a database the app has never been started on (no tables yet). */
export async function assertMigrated(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ ready: boolean }>("select to_regclass('public.users') is not null as ready");
    if (!rows[0]?.ready)
      throw new Error(
        "The database has no tables yet: start the app once (npm start), or run npm run db:migrate with DATABASE_URL set.",
      );
  } finally {
    await client.end();
  }
}
