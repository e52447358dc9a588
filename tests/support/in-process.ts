import { closeTestDb } from "./db";

/**
 * For test files that run the app's own modules in this process (jobs, the outbox, notices): stops
 * the job queue they may have started and closes their pool, then the test's own connection. A
 * pg-boss worker left running would wake after Jest has torn the file down and fail the next file.
 */
export async function closeInProcessApp(): Promise<void> {
  const { stopBoss } = await import("@/server/jobs/boss");
  const { pool } = await import("@/db");
  await stopBoss();
  await pool().end();
  await closeTestDb();
}
