// Every connection pool of the app (requests, the page cache, the job queue) and of the operator's
// scripts comes from here, with the time limits of its kind (docs/decisions/016-when-postgresql-stalls.md).
// Plain JavaScript because cache-handler.mjs, which Next.js loads outside the bundle, uses it too.
import pg from "pg";

/**
 * Time limits in milliseconds. `answer` is how long the app waits for one answer before it gives up
 * on the request (503); PostgreSQL's own limits are set below it, so that a slow statement is
 * cancelled by the server (a clean error on a healthy connection) before the app gives up, and a
 * statement the server reads only after the app gave up (it was paused, say) is refused:
 * - `idleSession` (PostgreSQL 14+): a statement read more than this after the connection went idle
 *   ends the connection instead of running. The app sends a statement at least `answer` before it
 *   gives up on it, so one read after that is always refused. The pool closes its idle connections
 *   after `poolIdle`, before the server would.
 * - `commitWindow`: before COMMIT the client gives a write transaction a deadline this far ahead on
 *   the database's clock (`arm_commit_deadline`, migration 0028), and a deferred trigger refuses the
 *   COMMIT when it is carried out later, however late PostgreSQL read it; `answer` > `commitWindow`,
 *   so the app waits for the answer of any COMMIT the server accepted.
 * - `idleInTransaction` is long: some transactions hold a row lock while they call Stripe (20 s a
 *   try, three tries).
 */
export const POOL_PROFILES = {
  requests: {
    answer: 3000,
    statement: 2500,
    lock: 1500,
    idleInTransaction: 90_000,
    idleSession: 2500,
    commitWindow: 2000,
    poolIdle: 1000,
    connect: 3000,
  },
  pageCache: {
    answer: 3000,
    statement: 2500,
    lock: 1500,
    idleInTransaction: 10_000,
    idleSession: 2500,
    commitWindow: 2000,
    poolIdle: 1000,
    connect: 3000,
  },
  // pg-boss: its fetches and maintenance are not a visitor's wait; its own set-up takes 30 s locks.
  jobs: { answer: 65_000, statement: 60_000, lock: 30_000, idleInTransaction: 60_000, connect: 10_000 },
  // Migrations, seeds, backups and the operator's commands take as long as they take.
  operator: { connect: 10_000 },
};

const COMMIT = /^\s*commit\s*;?\s*$/i;
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;
/**
 * A ROLLBACK that is not answered at once is not waited for: closing the connection rolls the
 * transaction back just as well, so it counts as done, and a request that already failed (a stalled
 * database) answers with its own error without waiting a second full limit.
 */
const ROLLBACK_WAIT_MS = 500;

/** A pg client that gives up on an answer after `answer` ms by closing its connection (see above). */
class DeadlineClient extends pg.Client {
  constructor(config) {
    super(config);
    this.answerMs = config.answerMs;
    this.commitWindowMs = config.commitWindowMs;
    // A connection that fails while checked out reports it through its queries; without a listener
    // the 'error' event would end the process. The pool drops a client that is no longer queryable.
    this.on("error", () => {});
  }

  query(config, values, callback) {
    if (typeof values === "function") {
      callback = values;
      values = undefined;
    }
    // Cursors and streams (config.submit) are not timed here: they are the operator's tools.
    if (!this.answerMs || (config && typeof config.submit === "function")) return super.query(config, values, callback);
    const text = (typeof config === "string" ? config : config?.text) ?? "";
    const answer =
      this.commitWindowMs && COMMIT.test(text)
        ? this.timed(`select arm_commit_deadline(${this.commitWindowMs})`).then(() => this.timed(config, values))
        : ROLLBACK.test(text)
          ? this.timed(config, values, Math.min(this.answerMs, ROLLBACK_WAIT_MS), {
              rows: [],
              rowCount: 0,
              command: "ROLLBACK",
            })
          : this.timed(config, values);
    if (!callback) return answer;
    answer.then(
      (result) => callback(null, result),
      (error) => callback(error),
    );
    return undefined;
  }

  /**
   * The query's answer, or after `ms` its connection closed and an error. With `closedAnswer`, a query
   * that times out or fails closes the connection and answers that instead (a ROLLBACK: the server
   * rolls back a connection that ends).
   */
  timed(config, values, ms = this.answerMs, closedAnswer = undefined) {
    return new Promise((resolve, reject) => {
      let settled = false;
      const answered = () => (this.idleSince = Date.now());
      const giveUp = () => {
        if (settled) return;
        settled = true;
        if (closedAnswer) resolve(closedAnswer);
        else reject(Object.assign(new Error(`The database did not answer within ${ms} ms`), { code: "ETIMEDOUT" }));
        // The statement may still be in flight: a connection whose state is unknown is never reused.
        this.connection.stream.destroy();
      };
      // Node runs due timers before it reads sockets: after a busy spell, an answer that came in time
      // may be waiting unread, so it is read (setImmediate comes after the reads) before giving up.
      const timer = setTimeout(() => setImmediate(giveUp), ms);
      super.query(config, values).then(
        (result) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          answered();
          resolve(result);
        },
        (error) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          answered();
          if (!closedAnswer) return reject(error);
          this.connection.stream.destroy();
          resolve(closedAnswer);
        },
      );
    });
  }
}

/**
 * A pool that never hands out a connection the server may be about to end for being idle: the pool
 * closes idle connections after `poolIdle`, but a busy event loop can run that timer late, and a
 * statement sent on a connection idle for `idleSession` is refused (57P05). One idle longer than
 * `freshWithinMs` (half a second short of the server's limit) is closed and another taken instead.
 */
class FreshPool extends pg.Pool {
  connect(callback) {
    const acquire = async () => {
      for (;;) {
        const client = await super.connect();
        if (
          !this.options.freshWithinMs ||
          !client.idleSince ||
          Date.now() - client.idleSince < this.options.freshWithinMs
        )
          return client;
        client.release(true);
      }
    };
    if (!callback) return acquire();
    acquire().then(
      (client) => callback(undefined, client, client.release),
      (error) => callback(error),
    );
    return undefined;
  }
}

/**
 * A pg Pool of the given kind. `max` connections; `applicationName` shows in pg_stat_activity.
 * @param {{ connectionString: string, max: number, profile: keyof typeof POOL_PROFILES, applicationName?: string }} options
 */
export function createPool({ connectionString, max, profile, applicationName }) {
  const limits = POOL_PROFILES[profile];
  const startup = [];
  if (limits.idleSession) startup.push(`-c idle_session_timeout=${limits.idleSession}`);
  return new FreshPool({
    connectionString,
    max,
    Client: DeadlineClient,
    application_name: applicationName ?? `community-${profile}`,
    connectionTimeoutMillis: limits.connect,
    ...(limits.poolIdle ? { idleTimeoutMillis: limits.poolIdle } : {}),
    ...(limits.statement
      ? {
          statement_timeout: limits.statement,
          lock_timeout: limits.lock,
          idle_in_transaction_session_timeout: limits.idleInTransaction,
        }
      : {}),
    ...(startup.length ? { options: startup.join(" ") } : {}),
    ...(limits.idleSession ? { freshWithinMs: limits.idleSession - 500 } : {}),
    answerMs: limits.answer,
    commitWindowMs: limits.commitWindow,
  });
}
