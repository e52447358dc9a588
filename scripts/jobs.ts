// npm run jobs -- list | run NAME | failed - the background jobs, which pg-boss keeps in PostgreSQL
// (src/server/jobs): what runs when and how it went, running a scheduled one now, and the ones that
// failed. DATABASE_URL, or the embedded database (scripts/lib/open-database.ts).
import PgBoss from "pg-boss";
import { Client } from "pg";
import { assertMigrated, openDatabase } from "./lib/open-database";
import { runScript } from "./lib/run-script";

const USAGE = "usage: npm run jobs -- list | run NAME | failed";
/** How long `run` waits for a worker to take the job before saying none has. */
const TAKEN_WITHIN_MS = 30_000;
/** Failed jobs are kept for a week (pg-boss moves them to its archive after 12 hours and deletes them after 7 days). */
const FAILED_SHOWN = 50;

interface QueueRow {
  name: string;
  cron: string | null;
  timezone: string | null;
  last_completed: Date | null;
  waiting: number;
  active: number;
  failed: number;
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const when = (date: Date | null) => (date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : "never");

/** Every queue: its schedule (cron, time zone) or "when sent", its last completed run, and its jobs by state. */
async function list(url: string): Promise<void> {
  const rows = await withClient(url, async (client) => {
    const { rows } = await client.query<QueueRow>(`
      with jobs as (
        select name, state, completed_on from pgboss.job
        union all
        select name, state, completed_on from pgboss.archive
      )
      select q.name, s.cron, s.timezone,
        (select max(completed_on) from jobs where jobs.name = q.name and state = 'completed') as last_completed,
        (select count(*)::int from pgboss.job j where j.name = q.name and j.state in ('created', 'retry')) as waiting,
        (select count(*)::int from pgboss.job j where j.name = q.name and j.state = 'active') as active,
        (select count(*)::int from jobs where jobs.name = q.name and state = 'failed') as failed
      from pgboss.queue q left join pgboss.schedule s on s.name = q.name
      order by s.cron is null, q.name`);
    return rows;
  });
  const table = [
    ["JOB", "SCHEDULE", "LAST COMPLETED", "WAITING", "RUNNING", "FAILED (7 DAYS)"],
    ...rows.map((row) => [
      row.name,
      row.cron ? `${row.cron} (${row.timezone ?? "UTC"})` : "when sent",
      when(row.last_completed),
      String(row.waiting),
      String(row.active),
      String(row.failed),
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  for (const line of table)
    console.log(
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    );
  console.log("\nSchedules are cron expressions (minute hour day month weekday) in the time zone shown.");
}

/**
 * Sends a scheduled job now, as its schedule would, and waits for a worker (a running instance with
 * JOBS_ENABLED) to finish it; it waits in the queue if none is running.
 */
async function runNow(url: string, name: string | undefined): Promise<number> {
  if (!name) throw new Error(USAGE);
  const schedule = await withClient(url, async (client) => {
    const { rows } = await client.query<{ data: object | null }>("select data from pgboss.schedule where name = $1", [
      name,
    ]);
    return rows[0];
  });
  if (!schedule) throw new Error(`${name} is not a scheduled job: npm run jobs -- list shows them.`);
  const boss = new PgBoss({ connectionString: url, supervise: false, schedule: false, migrate: false, max: 2 });
  boss.on("error", (error) => console.error("[jobs]", error.message));
  await boss.start();
  try {
    const id = await boss.send(name, schedule.data ?? {});
    if (!id) throw new Error(`pg-boss did not take the job for ${name}.`);
    console.log(`Sent ${name} (job ${id}); waiting for a worker to run it...`);
    const sent = Date.now();
    for (;;) {
      const job = await boss.getJobById<object>(name, id, { includeArchive: true });
      if (job?.state === "completed") {
        console.log(`${name} completed in ${seconds(job.startedOn, job.completedOn)}.`);
        return 0;
      }
      if (job?.state === "failed" || job?.state === "cancelled") {
        console.error(`${name} ${job.state}: ${outputMessage(job.output)}`);
        return 1;
      }
      if (job?.state === "created" && Date.now() - sent > TAKEN_WITHIN_MS) {
        console.log(
          `No worker has taken it within ${TAKEN_WITHIN_MS / 1000} s: is an instance running, with JOBS_ENABLED? The job stays queued and runs when one is.`,
        );
        return 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

const seconds = (from: Date | null, to: Date | null) =>
  from && to ? `${((new Date(to).getTime() - new Date(from).getTime()) / 1000).toFixed(1)} s` : "no time";

/** A failed job's error as pg-boss keeps it (the worker's error, serialised: message and stack). */
function outputMessage(output: unknown): string {
  if (output && typeof output === "object" && "message" in output) return String(output.message);
  return output === null || output === undefined ? "(no error recorded)" : JSON.stringify(output);
}

/** The failed jobs pg-boss still keeps (a week), newest first: when, which, how often tried, and the error. */
async function failed(url: string): Promise<void> {
  const rows = await withClient(url, async (client) => {
    const { rows } = await client.query<{
      id: string;
      name: string;
      completed_on: Date;
      retry_count: number;
      output: unknown;
    }>(
      `select id, name, completed_on, retry_count, output from pgboss.job where state = 'failed'
       union all
       select id, name, completed_on, retry_count, output from pgboss.archive where state = 'failed'
       order by completed_on desc limit ${FAILED_SHOWN}`,
    );
    return rows;
  });
  if (!rows.length) {
    console.log("No failed jobs in the last 7 days.");
    return;
  }
  for (const row of rows) {
    const tries = row.retry_count ? ` after ${row.retry_count + 1} tries` : "";
    console.log(`${when(row.completed_on)}  ${row.name}  failed${tries}: ${outputMessage(row.output)} (job ${row.id})`);
  }
  if (rows.length === FAILED_SHOWN) console.log(`(the newest ${FAILED_SHOWN})`);
}

async function main(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  if (!["list", "run", "failed"].includes(command ?? "")) throw new Error(USAGE);
  const database = await openDatabase();
  try {
    await assertMigrated(database.url);
    if (command === "run") return await runNow(database.url, name);
    if (command === "failed") await failed(database.url);
    else await list(database.url);
    return 0;
  } finally {
    await database.close();
  }
}

runScript(main);
