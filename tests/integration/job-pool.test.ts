import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { forumCategories, forumTopics, notificationEvents, notifications } from "@/db/schema";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { waitFor } from "../support/applicants";
import { call, signIn } from "../support/http";

// Job handlers read and write through the jobs' pool, with a job's time limits (src/db/index.ts,
// decision 016): a fan-out waiting on a lock longer than a request would (1.5 s) is not cancelled,
// and finishes in its first run once the lock is gone.

afterAll(closeTestDb);

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
  // Only the author's row is locked (a notification's key on her takes a share of it), so that the
  // files running beside this one, which share its database, are not held up.
  await blocker.query("begin");
  await blocker.query("select id from users where id = $1 for update", [author.id]);
  let released = false;
  let postId = 0;
  try {
    const cookie = await signIn(replier.username, TEST_PASSWORD);
    const posted = await call("/api/forum/posts", { cookie, body: { topicId: topic!.id, content: "A reply." } });
    expect(posted.status).toBe(201);
    postId = posted.json.id;
    // The job's insert waits on the lock this test holds (while its statement is parsed, so it is
    // found by what blocks it, not by its text), from the jobs' pool.
    const waiting = await waitFor(
      async () => {
        // Inside a transaction PostgreSQL answers pg_stat_activity from the snapshot it took first.
        await blocker.query("select pg_stat_clear_snapshot()");
        return (
          await blocker.query<{ application_name: string }>(
            "select application_name from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid)) limit 1",
          )
        ).rows[0];
      },
      (row) => row !== undefined,
      "the fan-out to wait on the lock",
      60_000,
    );
    expect(waiting!.application_name).toBe("community-jobs");
    // Longer than a request's lock limit: the wait under test, not a pause for something to happen.
    await delay(2500);
    await blocker.query("rollback");
    released = true;
  } finally {
    if (!released) await blocker.query("rollback");
    await blocker.end();
  }

  await waitFor(
    () =>
      testDb().$count(notifications, and(eq(notifications.userId, author.id), eq(notifications.actorId, replier.id))),
    (count) => count > 0,
    "the author's notification",
    60_000,
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
}, 150_000);
