import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { createDatabase, type Database } from "./client";
import { env } from "@/lib/env";

type Connection = ReturnType<typeof createDatabase>;
const globalForDb = globalThis as unknown as { appDatabase?: Connection; jobsDatabase?: Connection };

function connection() {
  globalForDb.appDatabase ??= createDatabase(env().DATABASE_URL, env().DATABASE_POOL_MAX, "requests");
  return globalForDb.appDatabase;
}

/**
 * The job handlers' own pool, with a job's time limits (src/db/pool.mjs: a minute a statement, 30 s
 * for a lock) instead of a visitor's (2.5 s, 1.5 s): a fan-out to 10,000 members or a recompute is
 * not a page she waits for, and must not be cancelled as one when the machine is busy.
 */
function jobsConnection() {
  globalForDb.jobsDatabase ??= createDatabase(env().DATABASE_URL, JOBS_POOL_MAX, "jobs");
  return globalForDb.jobsDatabase;
}
const JOBS_POOL_MAX = 4;
const inJob = new AsyncLocalStorage<true>();

/** Runs a job handler's work: every `db` call inside it, however deep, goes through the jobs' pool. */
export function runAsJob<T>(work: () => Promise<T>): Promise<T> {
  return inJob.run(true, work);
}

/**
 * The app's database: the requests' pool, or the jobs' inside `runAsJob`. Created on first use so that
 * importing a module never needs a connection.
 */
export const db: Database = new Proxy({} as Database, {
  get: (_target, property) => Reflect.get(currentDatabase(), property),
});

/** The database `db` stands for where it is called: the requests' pool, or the jobs' inside `runAsJob`. */
export function currentDatabase(): Database {
  return (inJob.getStore() ? jobsConnection() : connection()).db;
}

/** The requests' pool (the job queue's client sends jobs through it, in a request's transaction). */
export const pool = () => connection().pool;
export type { Database, Transaction } from "./client";
