import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import PgBoss from "pg-boss";
import { testEnv } from "../support/env";

// npm run jobs (scripts/jobs.ts): an operator sees when each job runs (the digests' hour and time
// zone), runs a scheduled one now, and sees the jobs that failed, on the suite's database, whose
// server works the queues.

const run = promisify(execFile);
const tsx = path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs");
const jobs = (...args: string[]) =>
  run(process.execPath, [tsx, "scripts/jobs.ts", ...args], {
    env: { ...process.env, DATABASE_URL: testEnv().databaseUrl },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

it("lists every job with its schedule and time zone", async () => {
  const { code, stdout } = await jobs("list");
  expect(code).toBe(0);
  expect(stdout).toMatch(/^notifications\.daily-digest +0 7 \* \* \* \(UTC\) /m);
  expect(stdout).toMatch(/^notifications\.weekly-digest +30 7 \* \* 1 \(UTC\) /m);
  expect(stdout).toMatch(/^notifications\.fan-out +when sent /m);
});

it("runs a scheduled job now, through the workers of the running instance, and says how it went", async () => {
  const { code, stdout } = await jobs("run", "email.sweep");
  expect(code).toBe(0);
  expect(stdout).toMatch(/email\.sweep completed in [\d.]+ s\./);
  const refused = await jobs("run", "notifications.fan-out");
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("notifications.fan-out is not a scheduled job");
}, 60_000);

it("shows the jobs that failed, with their error", async () => {
  // A job whose worker failed it, as a worker does with the error it threw.
  const queue = `test.jobs-command-${process.pid}`;
  const boss = new PgBoss({
    connectionString: testEnv().databaseUrl,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  let id: string | undefined;
  try {
    await boss.createQueue(queue, { name: queue, retryLimit: 0 });
    id = (await boss.send(queue, {}))!;
    await boss.fetch(queue);
    await boss.fail(queue, id, new Error("the digest could not reach the mail server"));
    const { code, stdout } = await jobs("failed");
    expect(code).toBe(0);
    expect(stdout).toContain(`${queue}  failed: the digest could not reach the mail server (job ${id})`);
  } finally {
    if (id) await boss.deleteJob(queue, id);
    await boss.deleteQueue(queue);
    await boss.stop({ graceful: false, wait: true });
  }
}, 60_000);
