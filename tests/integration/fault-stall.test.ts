import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { hash } from "@node-rs/argon2";
import { inArray, sql } from "drizzle-orm";
import { createDatabase } from "@/db/client";
import { newsletterSubscribers, users } from "@/db/schema";
import { freePort } from "../../scripts/lib/free-port";
import { messagesTo } from "../support/mailbox";
import { pausePostgres } from "../support/pause-postgres";
import { startPostgresProcess, type PostgresProcess } from "../support/postgres-process";
import { serverEnv, startTestServer, type TestServer } from "../support/server";

// A stalled PostgreSQL: frozen whole, as a paused VM or container is, while requests are in
// flight. Public pages answer from the page cache within 2 s, API calls answer 503 within 5 s, and a
// request that gave up never commits afterwards, nor sends its email: every newsletter sign-up answered
// 2xx is in the database, and one that was not is there only if it committed before the app answered
// (decision 016's one window: PostgreSQL froze between committing and answering, and the answer was
// lost, not the sign-up). The app runs on a PostgreSQL of this test's own.

const scratch = mkdtempSync(path.join(tmpdir(), "community-stall-"));
chmodSync(scratch, 0o755);
const dataDir = path.join(scratch, "postgres");
let postgres: PostgresProcess | undefined;
let server: TestServer | undefined;
let thaw: (() => void) | undefined;

afterAll(async () => {
  thaw?.();
  await server?.stop();
  await postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

interface Answer {
  status: number;
  ms: number;
  text: string;
  retryAfter: string | null;
}

async function timed(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(url, { redirect: "manual", ...init });
  const text = await response.text();
  return { status: response.status, ms: Date.now() - started, text, retryAfter: response.headers.get("retry-after") };
}

it("keeps public pages up, answers the API with 503 and commits nothing a request gave up on", async () => {
  postgres = await startPostgresProcess(dataDir, await freePort(), { fresh: true, commitTimestamps: true });
  const { db, pool } = createDatabase(postgres.url, 1);
  await db.insert(users).values({
    username: "stall_member",
    email: "stall@example.com",
    firstName: "Stall",
    passwordHash: await hash("stall-password-1"),
    membershipLevel: "play",
  });

  // The run's SMTP server, so that sign-ups send their confirmation emails for real.
  const smtp = Object.fromEntries(Object.entries(process.env).filter(([key]) => /^(SMTP_|EMAIL_)/.test(key))) as Record<
    string,
    string
  >;
  server = await startTestServer({ ...serverEnv(postgres.url), ...smtp }, ".data/test-logs/stall-server.log");
  const base = server.baseUrl;
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: "stall_member", password: "stall-password-1" }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  for (let i = 0; i < 2; i++) expect((await timed(`${base}/`)).status).toBe(200);

  const run = Date.now();
  /** Each sign-up's answer, and when it came. */
  const answered = new Map<string, { status: number; at: number }>();
  const signUp = async (email: string) => {
    const answer = await timed(`${base}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email }),
    });
    answered.set(email, { status: answer.status, at: Date.now() });
    return answer;
  };
  expect((await signUp(`stall-before-${run}@example.com`)).status).toBe(200);

  // Four stalls of 7 s, each starting while a sign-up is on its way (at a different point of it).
  for (let stall = 0; stall < 4; stall++) {
    const inFlight = signUp(`stall-${stall}-${run}@example.com`);
    await delay(stall * 15);
    thaw = pausePostgres(dataDir);
    const pausedAt = Date.now();
    const home = await timed(`${base}/`);
    const me = await timed(`${base}/api/auth/me`, { headers: { cookie } });
    const during = await signUp(`stall-during-${stall}-${run}@example.com`);
    const first = await inFlight;
    await delay(Math.max(0, 7000 - (Date.now() - pausedAt)));
    thaw();
    thaw = undefined;

    expect([home.status, home.ms < 2000]).toEqual([200, true]);
    expect(home.text).toContain("<html");
    expect([me.status, me.retryAfter, me.ms < 5000]).toEqual([503, "5", true]);
    expect([during.status, during.ms < 5000]).toEqual([503, true]);
    expect([200, 503]).toContain(first.status);
    expect(first.ms).toBeLessThan(5000);

    // Back by itself once PostgreSQL is.
    for (
      const deadline = Date.now() + 20_000;
      (await timed(`${base}/api/auth/me`, { headers: { cookie } })).status !== 200;
    ) {
      expect(Date.now()).toBeLessThan(deadline);
      await delay(250);
    }
  }
  const { rows: afterStalls } = await pool.query<{ now: Date }>("select now()");
  expect((await signUp(`stall-after-${run}@example.com`)).status).toBe(200);

  // Until no transaction begun before the stalls were over is still open: anything a stalled
  // connection held has committed, had it been able to, or is gone.
  for (const deadline = Date.now() + 60_000; ; await delay(100)) {
    const { rows } = await pool.query(
      "select pid from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and xact_start < $1",
      [afterStalls[0]!.now],
    );
    if (rows.length === 0) break;
    expect(Date.now()).toBeLessThan(deadline);
  }
  const emails = [...answered.keys()];
  const rows = await db
    .select({
      email: newsletterSubscribers.email,
      committedAt: sql<Date>`pg_xact_commit_timestamp(${newsletterSubscribers}.xmin)`,
    })
    .from(newsletterSubscribers)
    .where(inArray(newsletterSubscribers.email, emails));
  const committedAt = new Map(rows.map((row) => [row.email, new Date(row.committedAt).getTime()]));
  const succeeded = emails.filter((email) => answered.get(email)!.status === 200);
  expect(succeeded.filter((email) => !committedAt.has(email))).toEqual([]);
  expect(succeeded.length).toBeGreaterThanOrEqual(2);
  const gaveUp = emails.filter((email) => answered.get(email)!.status !== 200);
  expect(
    gaveUp.filter((email) => committedAt.has(email) && committedAt.get(email)! >= answered.get(email)!.at),
  ).toEqual([]);

  // Whatever committed sends its email (from the outbox, in the same transaction); nothing else does.
  for (const email of committedAt.keys()) {
    for (const deadline = Date.now() + 60_000; (await messagesTo(email)).length === 0;) {
      expect(Date.now()).toBeLessThan(deadline);
      await delay(500);
    }
  }
  for (const email of emails.filter((email) => !committedAt.has(email))) expect(await messagesTo(email)).toEqual([]);
  await pool.end();
}, 240_000);
