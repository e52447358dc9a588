import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { Pool } from "pg";
import * as schema from "./schema";
import { createPool, type PoolProfile } from "./pool.mjs";

/** A Drizzle handle and, as `$client`, the pool under it (for statements prepared by hand). */
export type Database = NodePgDatabase<typeof schema> & { $client: Pool };
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database handle or an open transaction: feature functions that write take either. */
export type Executor = Database | Transaction;

/**
 * A Drizzle handle on a pool of `max` connections. The app's requests use the "requests" limits
 * (src/db/pool.mjs: a stalled PostgreSQL is a 503 within seconds, src/server/http/api-route.ts);
 * the operator's scripts, migrations and seeds have none.
 */
export function createDatabase(url: string, max = 10, profile: PoolProfile = "operator") {
  const pool = createPool({ connectionString: url, max, profile });
  // An idle connection that PostgreSQL closes (a restart, a failover) emits 'error' on the pool; without
  // a listener Node would end the process. The pool drops that connection and opens a new one when needed.
  pool.on("error", (error) => console.error("[db] idle connection lost:", error.message));
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { pool, db };
}
