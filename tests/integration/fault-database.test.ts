import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { createDatabase } from "@/db/client";
import { users } from "@/db/schema";
import { freePort } from "../../scripts/lib/free-port";
import { startPostgresProcess, type PostgresProcess } from "../support/postgres-process";
import { serverEnv, startTestServer, type TestServer } from "../support/server";

// PostgreSQL restarted under traffic: while it is down, every API call answers 503 with
// Retry-After within 5 s instead of hanging, guarded pages too; once it is back the app serves again by
// itself, and sessions survive. The app runs on a PostgreSQL of this test's own, so the rest of the
// suite is untouched.

const scratch = mkdtempSync(path.join(tmpdir(), "community-fault-db-"));
chmodSync(scratch, 0o755);
const dataDir = path.join(scratch, "postgres");
let postgres: PostgresProcess | undefined;
let server: TestServer | undefined;

afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

interface Sample {
  status: number;
  ms: number;
  retryAfter: string | null;
}

async function timedGet(url: string, cookie: string): Promise<Sample> {
  const started = Date.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - started, retryAfter: response.headers.get("retry-after") };
}

it("answers 503 with Retry-After within 5 s while PostgreSQL restarts, then recovers by itself", async () => {
  const port = await freePort();
  postgres = await startPostgresProcess(dataDir, port, { fresh: true });
  const { db, pool } = createDatabase(postgres.url, 1);
  await db.insert(users).values({
    username: "fault_member",
    email: "fault@example.com",
    firstName: "Fault",
    passwordHash: await hash("fault-password-1"),
    membershipLevel: "play",
  });
  await pool.end();

  server = await startTestServer(serverEnv(postgres.url), ".data/test-logs/fault-db-server.log");
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ username: "fault_member", password: "fault-password-1" }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const me = `${server.baseUrl}/api/auth/me`;
  expect((await timedGet(me, cookie)).status).toBe(200);

  // Traffic from four clients throughout.
  const samples: Sample[] = [];
  let running = true;
  const clients = Array.from({ length: 4 }, async () => {
    while (running) samples.push(await timedGet(me, cookie));
  });

  // PostgreSQL stops once the clients' traffic is flowing (a few answers in).
  for (
    const deadline = Date.now() + 20_000;
    samples.length < 8;
    await new Promise((resolve) => setTimeout(resolve, 10))
  )
    expect(Date.now()).toBeLessThan(deadline);
  await postgres.stop();
  const during: Sample[] = [];
  for (let i = 0; i < 5; i++) {
    during.push(await timedGet(me, cookie), await timedGet(`${server.baseUrl}/profile`, cookie));
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  postgres = await startPostgresProcess(dataDir, port);

  let recovered: Sample | undefined;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const sample = await timedGet(me, cookie);
    if (sample.status === 200) {
      recovered = sample;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  running = false;
  await Promise.all(clients);

  expect(during.map((s) => [s.status, s.retryAfter])).toEqual(Array.from({ length: 10 }, () => [503, "5"]));
  const all = [...samples, ...during];
  expect(all.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
  expect(all.filter((s) => s.status === 503 && s.retryAfter !== "5")).toEqual([]);
  expect(Math.max(...all.map((s) => s.ms))).toBeLessThan(5000);
  expect(recovered?.status).toBe(200);
  const page = await timedGet(`${server.baseUrl}/profile`, cookie);
  expect(page.status).toBe(200);
}, 90_000);
