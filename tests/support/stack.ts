import path from "node:path";
import { Client } from "pg";
import { createDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { seedDemoData } from "@/db/seed/demo";
import { ensureReferenceData } from "@/db/seed/reference";
import { ensurePlaces } from "../../scripts/lib/places";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";

export {
  serverEnv,
  startTestServer,
  TEST_AUTH_SECRET,
  TEST_BIRTH_DATA_KEY,
  TEST_TWO_FACTOR_KEY,
  type TestServer,
} from "./server";

export interface TestDatabase {
  url: string;
  stop: () => Promise<void>;
}

/** A fresh embedded PostgreSQL, migrated and seeded with the demo data, for one test run. */
export async function startTestDatabase(name: string): Promise<TestDatabase> {
  const dataDir = path.join(process.cwd(), ".data", name);
  const postgres = await startEmbeddedPostgres({ dataDir, password: "test", fresh: true });
  await migrateDatabase(postgres.url);
  await ensurePlaces(postgres.url);
  const { db, pool } = createDatabase(postgres.url, 2);
  try {
    await ensureReferenceData(db);
    await seedDemoData(db);
  } finally {
    await pool.end();
  }
  return { url: postgres.url, stop: postgres.stop };
}

/**
 * A copy of the test run's database for one more integration worker (`community_<worker>`), made
 * with CREATE DATABASE ... TEMPLATE: a file copy inside PostgreSQL, so that no worker migrates, seeds
 * or loads the birth-place list again. Nothing may be connected to the original while it is copied.
 */
export async function copyTestDatabase(url: string, worker: number): Promise<string> {
  const original = new URL(url);
  const copy = new URL(url);
  copy.pathname = `/${original.pathname.slice(1)}_${worker}`;
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(
      `create database ${client.escapeIdentifier(copy.pathname.slice(1))} template ${client.escapeIdentifier(original.pathname.slice(1))}`,
    );
  } finally {
    await client.end();
  }
  return copy.toString();
}
