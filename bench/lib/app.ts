import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/lib/free-port";

export interface BenchApp {
  baseUrl: string;
  /** Milliseconds from launching `npm start` on an empty data directory to the first 200 from /. */
  coldStartMs: number;
  /** COMMUNITY_DATA_DIR of this app: secrets.json and the embedded PostgreSQL under postgres/. */
  dataDir: string;
  stop: () => Promise<number>;
}

/**
 * Starts the app exactly as a new user does (`npm start`: embedded PostgreSQL, migrations, demo
 * seed) on a clean, temporary data directory, with `extraEnv` added (e.g. a fake service's address).
 * Needs a production build (npm run build).
 */
export async function startBenchApp(extraEnv: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "community-bench-"));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user when we are root

  const port = await freePort();
  const started = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    // As `npm start` runs it: Node with tsx's loader, which passes her SIGTERM to the launcher itself.
    ["--import", "tsx", "scripts/start.ts"],
    {
      // The bench calls the app at 127.0.0.1: that is its address (APP_URL) for links and the Origin check.
      env: {
        ...process.env,
        APP_URL: `http://127.0.0.1:${port}`,
        ...extraEnv,
        PORT: String(port),
        COMMUNITY_DATA_DIR: dataDir,
        NEXT_TELEMETRY_DISABLED: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const output: string[] = [];
  child.stdout?.on("data", (c: Buffer) => output.push(c.toString()));
  child.stderr?.on("data", (c: Buffer) => output.push(c.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output.join("")}`);
    const ok = await fetch(`${baseUrl}/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 180_000) throw new Error(`No 200 from / within 3 minutes:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const coldStartMs = Date.now() - started;
  return {
    baseUrl,
    coldStartMs,
    dataDir,
    stop: async () => {
      const stopping = Date.now();
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
      rmSync(dataDir, { recursive: true, force: true });
      return Date.now() - stopping;
    },
  };
}

/** The secrets `npm start` generated for the bench app (secrets.json in its data directory). */
export function benchSecrets(app: BenchApp): {
  authSecret: string;
  birthDataKey: string;
  twoFactorKey: string;
  databasePassword: string;
} {
  return JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8"));
}

/** The bench app's embedded database: its port from postmaster.pid, its password from secrets.json. */
export function benchDatabaseUrl(app: BenchApp): string {
  const port = readFileSync(path.join(app.dataDir, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]!
    .trim();
  return `postgres://postgres:${encodeURIComponent(benchSecrets(app).databasePassword)}@127.0.0.1:${port}/community`;
}
