// npm run levels:recompute
// Rebuilds the points for reactions from the forum's reactions, and every member's total and days from
// the ledger (docs/decisions/047-points-and-levels.md): after a restore or a change made in SQL. The
// admin's button on /admin/levels queues the same work for the job queue; this runs it now, in the shell.
import { createDatabase } from "@/db/client";
import { recomputePoints } from "@/server/levels";
import { assertMigrated, openDatabase } from "./lib/open-database";
import { runScript } from "./lib/run-script";

async function main() {
  const database = await openDatabase();
  await assertMigrated(database.url);
  const { db, pool } = createDatabase(database.url, 1);
  try {
    const started = Date.now();
    const { entries, corrected } = await recomputePoints(null, db);
    console.log(
      `Recomputed from ${entries.toLocaleString("en-US")} ledger entries in ${((Date.now() - started) / 1000).toFixed(1)} s: ${corrected.toLocaleString("en-US")} totals corrected.`,
    );
  } finally {
    await pool.end();
    await database.close();
  }
}

runScript(main);
