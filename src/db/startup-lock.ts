import { Client } from "pg";

// Any constant works; it only has to be the same in every app instance and every release.
const STARTUP_LOCK_ID = 724_311_001;

/**
 * Runs start-up work that changes the database (migrations, reference data, the birth-place list, the
 * job queue's tables and queues) under one PostgreSQL advisory lock, so that instances started
 * together take turns instead of deadlocking on each other's DDL; later ones find nothing left to do.
 * The lock is a session lock on a connection of its own, released when the work ends or the
 * connection drops.
 */
export async function withStartupLock<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl, application_name: "community-startup" });
  client.on("error", () => {}); // a dropped connection fails the work's next query instead
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_ID]);
    return await work(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_ID]).catch(() => {});
    await client.end().catch(() => {});
  }
}
