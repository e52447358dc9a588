import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database handle or an open transaction: feature functions that write take either. */
export type Executor = Database | Transaction;

export function createDatabase(url: string, max = 10) {
  // A request waits at most 3 s for a connection: while PostgreSQL is down or restarting it gets a
  // quick 503 (src/lib/http/api-route.ts) instead of hanging.
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 3000 });
  // An idle connection that PostgreSQL closes (a restart, a failover) emits 'error' on the pool; without
  // a listener Node would end the process. The pool drops that connection and opens a new one when needed.
  pool.on("error", (error) => console.error("[db] idle connection lost:", error.message));
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { pool, db };
}
