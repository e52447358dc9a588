import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Client } from "pg";
import { withStartupLock } from "./startup-lock";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "src/db/migrations");

/** Applies the committed drizzle-kit migrations on a connection that holds the start-up lock. */
export async function applyMigrations(client: Client): Promise<void> {
  await client.query("set client_min_messages to warning");
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Applies the committed migrations under the start-up lock (instances may start at once). */
export async function migrateDatabase(databaseUrl: string): Promise<void> {
  await withStartupLock(databaseUrl, applyMigrations);
}
