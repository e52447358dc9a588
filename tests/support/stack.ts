import path from "node:path";
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
