import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Client } from "pg";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "src/db/migrations");

// Any constant works; it only has to be the same in every app instance.
const MIGRATION_LOCK_ID = 724_311_001;

/**
 * Applies the committed drizzle-kit migrations. Several instances may start at once, so the
 * work happens under a PostgreSQL advisory lock and later instances find nothing left to do.
 */
export async function migrateDatabase(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await client.query("set client_min_messages to warning");
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
