import "server-only";
import { createDatabase, type Database } from "./client";
import { env } from "@/lib/env";

const globalForDb = globalThis as unknown as { appDatabase?: ReturnType<typeof createDatabase> };

function connection() {
  globalForDb.appDatabase ??= createDatabase(env().DATABASE_URL, env().DATABASE_POOL_MAX, "requests");
  return globalForDb.appDatabase;
}

/** The app's database. Created on first use so that importing a module never needs a connection. */
export const db: Database = new Proxy({} as Database, {
  get: (_target, property) => Reflect.get(connection().db, property),
});

export const pool = () => connection().pool;
export type { Database, Transaction } from "./client";
