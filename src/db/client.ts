import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database handle or an open transaction: feature functions that write take either. */
export type Executor = Database | Transaction;

export function createDatabase(url: string, max = 10) {
  const pool = new Pool({ connectionString: url, max });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { pool, db };
}
