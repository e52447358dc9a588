import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { forumCategories, forumTopics, notificationEvents, notifications } from "@/db/schema";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn } from "../support/http";

// Job handlers read and write through the jobs' pool, with a job's time limits (src/db/index.ts,
// decision 016): a fan-out waiting on a lock longer than a request would (1.5 s) is not cancelled,
// and finishes in its first run once the lock is gone.

afterAll(closeTestDb);

async function waitFor<T>(check: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await delay(50)) {
    const value = await check();
    if (value) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

it("runs a reply's fan-out on the jobs' pool, which waits out a lock a request would have given up on", async () => {
  const t = randomUUID().slice(0, 8);
  const author = await createTestUser();
  const replier = await createTestUser();
  const [category] = await testDb()
    .insert(forumCategories)
    .values({ name: `Jobs ${t}`, slug: `jobs-${t}` })
    .returning();
  const [topic] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Topic ${t}`,
      slug: `topic-${t}`,
      content: "Opening.",
      categoryId: category!.id,
      userId: author.id,
    })
    .returning();

  const blocker = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await blocker.connect();
  await blocker.query("begin; lock table notifications in share row exclusive mode");
  let released = false;
  let postId = 0;
  try {
    const cookie = await signIn(replier.username, TEST_PASSWORD);
    const posted = await call("/api/forum/posts", { cookie, body: { topicId: topic!.id, content: "A reply." } });
    expect(posted.status).toBe(201);
    postId = posted.json.id;
    // The job's insert waits on the lock, from the jobs' pool.
    // The job's insert waits on the lock this test holds (while its statement is parsed, so it is
    // found by what blocks it, not by its text), from the jobs' pool.
    const waiting = await waitFor(async () => {
      const { rows } = await blocker.query<{ application_name: string }>(
        "select application_name from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid)) limit 1",
      );
      return rows[0];
    }, "the fan-out to wait on the lock");
    expect(waiting.application_name).toBe("community-jobs");
    // Longer than a request's lock limit: the wait under test, not a pause for something to happen.
    await delay(2500);
    await blocker.query("rollback");
    released = true;
  } finally {
    if (!released) await blocker.query("rollback");
    await blocker.end();
  }

  await waitFor(
    async () =>
      (await testDb().$count(
        notifications,
        and(eq(notifications.userId, author.id), eq(notifications.actorId, replier.id)),
      )) > 0,
    "the author's notification",
  );
  const [event] = await testDb()
    .select({ id: notificationEvents.id, attempts: notificationEvents.attempts })
    .from(notificationEvents)
    .where(
      and(eq(notificationEvents.kind, "forum_post"), sql`${notificationEvents.payload}->>'postId' = ${String(postId)}`),
    );
  expect(event).toBeDefined();
  // One run, not a cancelled one and a retry.
  const { rows } = await testDb().execute<{ retry_count: number }>(
    sql`select retry_count from pgboss.job where name = 'notifications.fan-out' and data->>'id' = ${String(event!.id)}`,
  );
  expect(rows.map((row) => row.retry_count)).toEqual([0]);
});
