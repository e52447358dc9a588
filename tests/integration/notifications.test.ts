import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import {
  emailOutbox,
  forumBlocks,
  forumCategories,
  forumPosts,
  forumTopicSubscriptions,
  forumTopics,
  notificationEvents,
  notifications,
  notificationSettings,
  users,
} from "@/db/schema";
import type { TierId } from "@/features/membership/constants";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { closeInProcessApp } from "../support/in-process";
import { call, signIn } from "../support/http";

// This process's own database connections (the worker run in-process below) carry a name, so that the
// fan-out test can find its own worker among the server's.
const WORKER_NAME = "notifications-test-worker";
{
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set("application_name", WORKER_NAME);
  process.env.DATABASE_URL = url.toString();
}

// The notification centre: every call as a visitor, the member, another member and a member
// she blocked; the producers; the fan-out of a topic with 5,000 participants in one job, once, with
// nothing lost when the worker dies mid-way.

afterAll(closeInProcessApp);

jest.setTimeout(180_000);

const tag = () => randomUUID().slice(0, 8);

async function member(level: TierId | null = "connect", overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({ membershipLevel: level, ...overrides });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

async function category(requiredMembershipLevel: TierId | null = null) {
  const t = tag();
  const [row] = await testDb()
    .insert(forumCategories)
    .values({ name: `Category ${t}`, slug: `category-${t}`, requiredMembershipLevel })
    .returning();
  return row!;
}

async function topic(categoryId: number, userId: number) {
  const t = tag();
  const [row] = await testDb()
    .insert(forumTopics)
    .values({ title: `Topic ${t}`, slug: `topic-${t}`, content: `The opening post of topic ${t}.`, categoryId, userId })
    .returning();
  return row!;
}

async function notify(userId: number, values: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await testDb()
    .insert(notifications)
    .values({ userId, kind: "announcement", title: `Announcement ${tag()}`, url: "/events", ...values })
    .returning();
  return row!;
}

const list = (cookie: string, query = "") => call(`/api/notifications${query}`, { cookie });
const notificationsOf = (userId: number) =>
  testDb().select().from(notifications).where(eq(notifications.userId, userId));
/**
 * Her forum notifications only: a library item published by another test reaches every member its
 * fan-out finds, and a fan-out that runs late finds members made since.
 */
const forumNotificationsOf = (userId: number) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.kind, "forum\\_%")));

async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 90_000,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("GET /api/notifications and POST /api/notifications/read", () => {
  it("answers a visitor 401 on every call", async () => {
    expect((await call("/api/notifications")).status).toBe(401);
    expect((await call("/api/notifications/read", { body: { all: true } })).status).toBe(401);
    expect((await call("/api/notifications/stream")).status).toBe(401);
  });

  it("gives her her own notifications, newest activity first, with the actor and her unread count; nobody else's", async () => {
    const her = await member();
    const other = await member();
    const actor = await createTestUser({ firstName: "Amara", lastName: "Okafor" });
    const older = await notify(her.user.id, {
      kind: "forum_reply",
      actorId: actor.id,
      title: "replied to your topic “Tea”",
      url: "/forum/topic/tea",
    });
    const newer = await notify(her.user.id, {
      kind: "forum_reaction",
      actorId: actor.id,
      actorCount: 4,
      title: "reacted to your reply in “Tea”",
    });
    const hers = await list(her.cookie);
    expect(hers.status).toBe(200);
    expect(hers.json).toEqual({
      notifications: [
        {
          id: newer.id,
          kind: "forum_reaction",
          title: "Amara Okafor and 3 others reacted to your reply in “Tea”",
          url: "/events",
          actor: { id: actor.id, name: "Amara Okafor", profilePicture: null },
          createdAt: expect.any(String),
          readAt: null,
        },
        {
          id: older.id,
          kind: "forum_reply",
          title: "Amara Okafor replied to your topic “Tea”",
          url: "/forum/topic/tea",
          actor: expect.objectContaining({ id: actor.id }),
          createdAt: expect.any(String),
          readAt: null,
        },
      ],
      unreadCount: 2,
      next: null,
    });
    const theirs = await list(other.cookie);
    expect(theirs.json).toEqual({ notifications: [], unreadCount: 0, next: null });
  });

  it("pages by keyset and filters by kind; refuses a malformed cursor or kind", async () => {
    const her = await member();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await notify(her.user.id, { kind: i % 2 ? "library_item" : "announcement" }));
    const first = await list(her.cookie, "?limit=2");
    expect(first.json.notifications.map((n: { id: number }) => n.id)).toEqual([made[4]!.id, made[3]!.id]);
    const second = await list(her.cookie, `?limit=2&after=${first.json.next}`);
    expect(second.json.notifications.map((n: { id: number }) => n.id)).toEqual([made[2]!.id, made[1]!.id]);
    const last = await list(her.cookie, `?limit=2&after=${second.json.next}`);
    expect(last.json.notifications.map((n: { id: number }) => n.id)).toEqual([made[0]!.id]);
    expect(last.json.next).toBeNull();
    const library = await list(her.cookie, "?kind=library_item");
    expect(library.json.notifications.map((n: { id: number }) => n.id)).toEqual([made[3]!.id, made[1]!.id]);
    expect((await list(her.cookie, "?kind=nope")).status).toBe(400);
    expect((await list(her.cookie, "?after=abc")).status).toBe(400);
  });

  it("hides what a member she blocked did and what is about content above her tier, in the list and the count", async () => {
    const her = await member("connect");
    const blocked = await createTestUser();
    await testDb().insert(forumBlocks).values({ blockerId: her.user.id, blockedId: blocked.id });
    await notify(her.user.id, { kind: "forum_reply", actorId: blocked.id, title: "replied to your topic" });
    await notify(her.user.id, {
      kind: "library_item",
      title: "New in the library: “For Play members”",
      requiredLevel: "play",
    });
    const shown = await notify(her.user.id, {
      kind: "library_item",
      title: "New in the library: “For Connect members”",
      requiredLevel: "connect",
    });
    const result = await list(her.cookie);
    expect(result.json.notifications.map((n: { id: number }) => n.id)).toEqual([shown.id]);
    expect(result.json.unreadCount).toBe(1);
  });

  it("answers each member from a query of her own tiers and filters, whoever asked the server before her", async () => {
    // The server builds the list's query once per tier set and filter (docs/decisions/061): a Play
    // member's list and a Connect member's, asked in turn with the same filters, keep their own rules.
    const play = await member("play");
    const connect = await member("connect");
    const forPlay = { kind: "library_item" as const, title: `For Play ${tag()}`, requiredLevel: "play" };
    const playOwn = await notify(play.user.id, forPlay);
    await notify(connect.user.id, forPlay); // above her tier: never hers to see
    const connectShown = await notify(connect.user.id, { kind: "library_item", title: `For all ${tag()}` });
    for (const query of ["", "?kind=library_item", "?unread=1", `?after=${connectShown.seq + 1}`]) {
      const playList = await list(play.cookie, query);
      expect(playList.json.notifications.map((n: { id: number }) => n.id)).toEqual([playOwn.id]);
      const connectList = await list(connect.cookie, query);
      expect(connectList.json.notifications.map((n: { id: number }) => n.id)).toEqual([connectShown.id]);
      expect(connectList.json.unreadCount).toBe(1);
      expect((await list(play.cookie, query)).json.unreadCount).toBe(1);
    }
  });

  it("marks her own read by id or all at once, never another member's", async () => {
    const her = await member();
    const other = await member();
    const a = await notify(her.user.id);
    const b = await notify(her.user.id, { kind: "library_item" });
    const c = await notify(her.user.id);
    const theirs = await notify(other.user.id);
    const byId = await call("/api/notifications/read", { cookie: her.cookie, body: { ids: [a.id, theirs.id] } });
    expect(byId.status).toBe(200);
    expect(byId.json).toEqual({ unreadCount: 2 });
    const [otherRow] = await testDb().select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(otherRow!.readAt).toBeNull();
    // Another member marking all of hers changes nothing of hers.
    await call("/api/notifications/read", { cookie: other.cookie, body: { all: true } });
    expect((await list(her.cookie)).json.unreadCount).toBe(2);
    expect(
      (await call("/api/notifications/read", { cookie: her.cookie, body: { all: true, kind: "library_item" } })).json,
    ).toEqual({ unreadCount: 1 });
    expect((await call("/api/notifications/read", { cookie: her.cookie, body: { all: true } })).json).toEqual({
      unreadCount: 0,
    });
    const rows = await notificationsOf(her.user.id);
    expect(rows.filter((row) => [a.id, b.id, c.id].includes(row.id)).every((row) => row.readAt !== null)).toBe(true);
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ["x"] }, { all: true, extra: 1 }]) {
      expect((await call("/api/notifications/read", { cookie: her.cookie, body })).status).toBe(400);
    }
  });
});

describe("producers", () => {
  it("notifies the topic's author of a reply and a mentioned member of a mention, once each, through the job", async () => {
    const author = await member();
    const replier = await member();
    const mentioned = await member();
    const open = await category();
    const t = await topic(open.id, author.user.id);
    const content = `Welcome! [@${mentioned.user.firstName}](/profile/${mentioned.user.id}) you will like this.`;
    const posted = await call("/api/forum/posts", { cookie: replier.cookie, body: { topicId: t.id, content } });
    expect(posted.status).toBe(201);
    const [reply] = await waitFor(async () => {
      const rows = await forumNotificationsOf(author.user.id);
      return rows.length ? rows : undefined;
    }, "the author's notification");
    expect(reply).toMatchObject({
      kind: "forum_reply",
      actorId: replier.user.id,
      title: `replied to your topic “${t.title}”`,
      url: `/forum/topic/${t.slug}#post-${posted.json.id}`,
    });
    const mention = await forumNotificationsOf(mentioned.user.id);
    expect(mention).toEqual([
      expect.objectContaining({ kind: "forum_mention", title: `mentioned you in “${t.title}”` }),
    ]);
    expect(await forumNotificationsOf(replier.user.id)).toEqual([]);
    // A second reply by the mentioned member notifies the author and the first replier, not herself.
    await call("/api/forum/posts", { cookie: mentioned.cookie, body: { topicId: t.id, content: "Thank you, I do!" } });
    await waitFor(async () => (await forumNotificationsOf(replier.user.id)).length === 1, "the replier's notification");
    expect((await forumNotificationsOf(replier.user.id))[0]).toMatchObject({
      kind: "forum_reply",
      title: `replied in “${t.title}”`,
    });
    expect((await forumNotificationsOf(author.user.id)).length).toBe(2);
    expect((await forumNotificationsOf(mentioned.user.id)).length).toBe(1);
  });

  it("tells no one who blocked the replier, and no one mentioned whose tier does not open the category", async () => {
    const author = await member("play");
    const replier = await member("play");
    const below = await member("connect");
    await testDb().insert(forumBlocks).values({ blockerId: author.user.id, blockedId: replier.user.id });
    const closed = await category("play");
    const t = await topic(closed.id, author.user.id);
    const [post] = await testDb()
      .insert(forumPosts)
      .values({ topicId: t.id, userId: replier.user.id, content: `Hello [@Below](/profile/${below.user.id})` })
      .returning();
    const { recordNotificationEvent, runNotificationEvent } = await import("@/server/notifications");
    const eventId = await recordNotificationEvent(testDb(), { kind: "forum_post", postId: post!.id });
    await runNotificationEvent(eventId);
    expect(await forumNotificationsOf(author.user.id)).toEqual([]);
    expect(await forumNotificationsOf(below.user.id)).toEqual([]);
  });

  it("groups reactions to one reply: 'Amara and 1 other reacted', one unread notification", async () => {
    const author = await member();
    const amara = await member("connect", { firstName: "Amara", lastName: "Okafor" });
    const lena = await member();
    const open = await category();
    const t = await topic(open.id, author.user.id);
    const [post] = await testDb()
      .insert(forumPosts)
      .values({ topicId: t.id, userId: author.user.id, content: "My reply here" })
      .returning();
    expect(
      (await call("/api/forum/reactions", { cookie: lena.cookie, body: { postId: post!.id, reactionType: "heart" } }))
        .status,
    ).toBe(200);
    expect(
      (await call("/api/forum/reactions", { cookie: amara.cookie, body: { postId: post!.id, reactionType: "like" } }))
        .status,
    ).toBe(200);
    const page = await list(author.cookie);
    expect(page.json.notifications).toHaveLength(1);
    expect(page.json.notifications[0].title).toBe(`Amara Okafor and 1 other reacted to your reply in “${t.title}”`);
    expect(page.json.unreadCount).toBe(1);
  });

  it("notifies a mentor of a request and the member of the answer", async () => {
    const mentor = await member("empower", { isMentor: true, mentorTopics: ["Pricing"] });
    const asker = await member();
    const sent = await call(`/api/users/${mentor.user.id}/mentorship-requests`, {
      cookie: asker.cookie,
      body: { message: "Could you help me price my work?" },
    });
    expect(sent.status).toBe(201);
    expect((await list(mentor.cookie)).json.notifications[0]).toMatchObject({
      kind: "mentorship_request",
      url: "/profile?tab=mentorship",
      title: `Test ${asker.user.lastName} asked for your mentorship`,
    });
    expect(
      (
        await call(`/api/mentorship-requests/${sent.json.id}`, {
          method: "PATCH",
          cookie: mentor.cookie,
          body: { status: "accepted" },
        })
      ).status,
    ).toBe(200);
    expect((await list(asker.cookie)).json.notifications[0]).toMatchObject({
      kind: "mentorship_answer",
      url: `/profile/${mentor.user.id}`,
    });
  });

  it("reminds members going to an event that starts within a day, once", async () => {
    const going = await member();
    const { events, eventRsvps } = await import("@/db/schema");
    const [event] = await testDb()
      .insert(events)
      .values({
        source: "internal",
        title: `Tomorrow's circle ${tag()}`,
        description: "A circle",
        startsAt: new Date(Date.now() + 20 * 3600_000),
        timezone: "UTC",
        accessType: "members",
        type: "members",
        status: "scheduled",
      })
      .returning();
    await testDb().insert(eventRsvps).values({ eventId: event!.id, userId: going.user.id, status: "going" });
    const { sendEventReminders } = await import("@/server/notifications");
    await sendEventReminders();
    await sendEventReminders();
    const rows = await notificationsOf(going.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "event_reminder",
        url: `/events/${event!.id}`,
        title: expect.stringMatching(/^“Tomorrow's circle .*” starts (today|tomorrow) at \d{1,2}:\d{2} [AP]M$/),
      }),
    ]);
  });
});

describe("fan-out for a topic with 5,000 participants", () => {
  const t0 = tag();
  // Its members leave with it: every later announcement or digest on the shared server would email them.
  afterAll(async () => {
    await testDb().execute(sql`delete from users where username like ${`fan_${t0}_%`}`);
  });

  it("makes 5,000 notifications in one job, once, and loses nothing when the worker dies mid-way", async () => {
    const author = await createTestUser();
    const open = await category();
    const t = await topic(open.id, author.id);
    const [{ hash }] = (await testDb()
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, author.id))) as [{ hash: string }];
    await testDb().execute(sql`
      insert into users (username, email, password_hash, first_name, last_name, membership_level)
      select 'fan_' || ${t0} || '_' || g, 'fan_' || ${t0} || '_' || g || '@example.com', ${hash}, 'Fan', 'Member ' || g, 'connect'
      from generate_series(1, 4999) g`);
    // In the app only: 5,000 reply emails would queue behind every later test's mail on the shared server.
    await testDb().execute(sql`
      insert into notification_preferences (user_id, kind, delivery)
      select id, 'forum_reply', 'app' from users where username like ${`fan_${t0}_%`}`);
    await testDb().execute(sql`
      insert into forum_posts (topic_id, user_id, content)
      select ${t.id}, id, 'Count me in!' from users where username like ${`fan_${t0}_%`}`);
    const replier = await createTestUser();
    const [post] = await testDb()
      .insert(forumPosts)
      .values({ topicId: t.id, userId: replier.id, content: "News for everyone here" })
      .returning();
    const { recordNotificationEvent, runNotificationEvent } = await import("@/server/notifications");
    const eventId = await recordNotificationEvent(testDb(), { kind: "forum_post", postId: post!.id });
    const made = () => testDb().$count(notifications, and(eq(notifications.dedupeKey, `post:${post!.id}`)));

    // The worker dies mid-way: its insert waits on a lock this test holds, and its connection to
    // PostgreSQL is cut (as when its process is killed) while the fan-out is half done.
    const { Client } = await import("pg");
    // Run as the queue's worker runs it (src/server/jobs/worker.ts): through the jobs' pool, whose lock
    // limit (30 s) is a job's, not a request's 1.5 s, so that a busy machine cannot cancel it first.
    const { pool, runAsJob } = await import("@/db");
    // The cut connection reports its loss as an 'error' event; here it is expected.
    const ignoreLoss = (client: { on: (event: "error", listener: () => void) => void }) => client.on("error", () => {});
    (pool() as unknown as { _clients: { on: (event: "error", listener: () => void) => void }[] })._clients.forEach(
      ignoreLoss,
    );
    pool().on("connect", ignoreLoss);
    const blocker = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await blocker.connect();
    await blocker.query("begin; lock table notifications in share row exclusive mode");
    try {
      const dying = runAsJob(() => runNotificationEvent(eventId));
      const pid = await waitFor(
        async () => {
          // Inside a transaction PostgreSQL answers pg_stat_activity from the snapshot it took first.
          await blocker.query("select pg_stat_clear_snapshot()");
          const { rows } = await blocker.query<{ pid: number }>(
            "select pid from pg_stat_activity where wait_event_type = 'Lock' and application_name = $1 limit 1",
            [WORKER_NAME],
          );
          return rows[0]?.pid;
        },
        "the worker to wait mid-way",
        90_000,
        10,
      );
      await blocker.query("select pg_terminate_backend($1)", [pid]);
      await expect(dying).rejects.toThrow();
    } finally {
      await blocker.query("rollback");
      await blocker.end();
    }
    await waitFor(
      async () =>
        (
          await testDb().execute(
            sql`select 1 from pg_stat_activity where application_name = ${WORKER_NAME} and state <> 'idle'`,
          )
        ).rows.length === 0,
      "the dead worker's connection to go",
    );
    expect(await made()).toBe(0);
    expect(
      (await testDb().select().from(notificationEvents).where(eq(notificationEvents.id, eventId)))[0],
    ).toMatchObject({ doneAt: null, attempts: 0 });

    // Run again (as pg-boss's retry or the sweep does): every participant once; a third run adds nothing.
    expect(await runAsJob(() => runNotificationEvent(eventId))).toBe(5000);
    expect(await runAsJob(() => runNotificationEvent(eventId))).toBeNull();
    expect(await made()).toBe(5000);
    expect(
      (await testDb().select().from(notificationEvents).where(eq(notificationEvents.id, eventId)))[0],
    ).toMatchObject({ doneAt: expect.any(Date), attempts: 1 });
    const perMember = await testDb().execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where dedupe_key = ${`post:${post!.id}`} group by user_id having count(*) > 1`,
    );
    expect(perMember.rows).toEqual([]);
  });
});

describe("GET /api/notifications/stream", () => {
  it("sends her new notifications and unread count live, only hers, and resumes after Last-Event-ID", async () => {
    const { openEventStream } = await import("../support/sse");
    const { testEnv } = await import("../support/env");
    const her = await member();
    const other = await member();
    const url = `${testEnv().baseUrl}/api/notifications/stream`;
    const stream = await openEventStream(url, { cookie: her.cookie });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("x-accel-buffering")).toBe("no");
    expect(JSON.parse((await stream.next((e) => e.event === "unread")).data)).toEqual({
      unreadCount: 0,
      unreadMessages: 0,
    });

    await notify(other.user.id, { title: "Not for her" });
    // Made by another process (this test's connection), as by another instance or a job.
    const first = await notify(her.user.id, { title: "First news" });
    const event = await stream.next((e) => e.event === "notification");
    expect(JSON.parse(event.data)).toMatchObject({ id: first.id, title: "First news", readAt: null });
    expect(event.id).toBe(String(first.seq));
    expect(JSON.parse((await stream.next((e) => e.event === "unread")).data)).toEqual({
      unreadCount: 1,
      unreadMessages: 0,
    });
    // A conversation's unread messages count under the bell and, once, as unread messages.
    await notify(her.user.id, {
      kind: "direct_message",
      title: "sent you 2 messages",
      groupKey: `conversation:${tag()}`,
    });
    await stream.next((e) => e.event === "notification");
    expect(JSON.parse((await stream.next((e) => e.event === "unread")).data)).toEqual({
      unreadCount: 2,
      unreadMessages: 1,
    });
    await stream.close();

    // While she is away, two more arrive; the reconnect with Last-Event-ID gets both, in order.
    const second = await notify(her.user.id, { title: "Second news" });
    const third = await notify(her.user.id, { title: "Third news" });
    const resumed = await openEventStream(url, { cookie: her.cookie, "last-event-id": event.id! });
    const missed = [
      await resumed.next((e) => e.event === "notification"),
      await resumed.next((e) => e.event === "notification"),
      await resumed.next((e) => e.event === "notification"),
    ];
    expect(missed.slice(1).map((e) => JSON.parse(e.data).id)).toEqual([second.id, third.id]);
    // Marking read in another tab updates the count here.
    await call("/api/notifications/read", { cookie: her.cookie, body: { all: true } });
    await resumed.next((e) => e.event === "unread" && JSON.parse(e.data).unreadCount === 0);
    await resumed.close();
  });

  it("does not send a blocked member's notification", async () => {
    const { openEventStream } = await import("../support/sse");
    const { testEnv } = await import("../support/env");
    const her = await member();
    const blocked = await createTestUser();
    await testDb().insert(forumBlocks).values({ blockerId: her.user.id, blockedId: blocked.id });
    const stream = await openEventStream(`${testEnv().baseUrl}/api/notifications/stream`, { cookie: her.cookie });
    await stream.next((e) => e.event === "unread");
    await notify(her.user.id, { actorId: blocked.id, title: "From a blocked member" });
    const shown = await notify(her.user.id, { title: "From the team" });
    const event = await stream.next((e) => e.event === "notification");
    expect(JSON.parse(event.data).id).toBe(shown.id);
    await stream.close();
  });
});

describe("her choices and the emails (item 4)", () => {
  it("reads and saves her choices per kind; a visitor gets 401 and a bad choice 400", async () => {
    const her = await member();
    expect((await call("/api/notifications/preferences")).status).toBe(401);
    const initial = await call("/api/notifications/preferences", { cookie: her.cookie });
    expect(initial.json.kinds.forum_reaction).toEqual({ delivery: "app", push: false });
    expect(initial.json.kinds.forum_mention).toEqual({ delivery: "email", push: false });
    expect(initial.json.weeklyDigest).toBe(true);
    const saved = await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: her.cookie,
      body: { kinds: { forum_mention: { delivery: "daily", push: true } }, weeklyDigest: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.kinds.forum_mention).toEqual({ delivery: "daily", push: true });
    expect(saved.json.weeklyDigest).toBe(false);
    expect(
      (
        await call("/api/notifications/preferences", {
          method: "PUT",
          cookie: her.cookie,
          body: { kinds: { forum_mention: { delivery: "hourly", push: false } } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call("/api/notifications/preferences", {
          method: "PUT",
          cookie: her.cookie,
          body: { kinds: { nope: { delivery: "app", push: false } } },
        })
      ).status,
    ).toBe(400);
  });

  it("makes nothing of a kind she turned off", async () => {
    const mentor = await member("empower", { isMentor: true, mentorTopics: ["Pricing"] });
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: mentor.cookie,
      body: { kinds: { mentorship_request: { delivery: "off", push: false } } },
    });
    const asker = await member();
    expect(
      (
        await call(`/api/users/${mentor.user.id}/mentorship-requests`, {
          cookie: asker.cookie,
          body: { message: "Would you mentor me?" },
        })
      ).status,
    ).toBe(201);
    expect(await notificationsOf(mentor.user.id)).toEqual([]);
  });

  it("emails 'at once' a minute later with one-click unsubscribe headers (RFC 8058), not what she already read", async () => {
    const { latestEmailTo } = await import("../support/db");
    const her = await member();
    const seen = await member();
    const minuteAgo = new Date(Date.now() - 2 * 60_000);
    await notify(her.user.id, {
      kind: "announcement",
      title: "The spring retreat is open for booking",
      url: "/events",
      createdAt: minuteAgo,
    });
    await notify(seen.user.id, {
      kind: "announcement",
      title: "Read in the app already",
      createdAt: minuteAgo,
      readAt: new Date(),
    });
    const { deliverNotificationEmails } = await import("@/server/notifications");
    await deliverNotificationEmails("http://community.test");
    const email = await waitFor(() => latestEmailTo(her.user.email), "the email");
    expect(email.subject).toBe("The spring retreat is open for booking");
    expect(email.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(http:\/\/community\.test\/unsubscribe\/m\d+-announcement-[\w-]+)>$/.exec(
      email.headers["List-Unsubscribe"] ?? "",
    );
    expect(oneClick).not.toBeNull();
    expect(email.text).toContain(`Stop these emails: ${oneClick![1]}`);
    expect(await latestEmailTo(seen.user.email)).toBeNull();
    expect((await notificationsOf(her.user.id))[0]!.emailedAt).not.toBeNull();

    // The one-click POST as a mail client sends it (a form body, no cookie): announcements stay in the app only.
    const path = new URL(oneClick![1]!);
    const unsubscribe = await call(`${path.pathname}${path.search}`, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      origin: null,
    });
    expect(unsubscribe.status).toBe(200);
    expect((await call("/api/notifications/preferences", { cookie: her.cookie })).json.kinds.announcement).toEqual({
      delivery: "app",
      push: false,
    });
    expect(
      (await call("/unsubscribe/m1-announcement-not-a-real-signature-00", { method: "POST", origin: null })).status,
    ).toBe(404);
  });

  it("sends a weekly digest with what is new, and none when there is nothing", async () => {
    const { latestEmailTo } = await import("../support/db");
    const { sendDigests } = await import("@/server/notifications");
    const quiet = await member();
    const busy = await member();
    // Ten years on, nothing is new or coming for `quiet`; `busy` has a library item waiting for her digest.
    const inFuture = new Date(Date.now() + 3650 * 86_400_000);
    expect(await sendDigests("weekly", "http://community.test", inFuture, [quiet.user.id])).toBe(0);
    expect(await latestEmailTo(quiet.user.email)).toBeNull();
    await notify(busy.user.id, {
      kind: "library_item",
      title: "New in the library: “Rest as practice”",
      url: "/library/item/rest",
      createdAt: new Date(inFuture.getTime() - 86_400_000),
    });
    expect(await sendDigests("weekly", "http://community.test", inFuture, [busy.user.id])).toBe(1);
    const digest = await latestEmailTo(busy.user.email);
    expect(digest!.subject).toMatch(/^Your week in the community at /);
    expect(digest!.text).toContain("New in the library: “Rest as practice”: http://community.test/library/item/rest");
    expect(digest!.headers["List-Unsubscribe"]).toMatch(/\/unsubscribe\/m\d+-digest-weekly-[\w-]+>$/);
    // Sent once: a second run in the same week sends nothing.
    expect(await sendDigests("weekly", "http://community.test", inFuture, [busy.user.id])).toBe(0);
  });
});

describe("announcements", () => {
  it("lets only an administrator announce; every member with a tier is notified, through the job", async () => {
    const admin = await member(null, { isAdmin: true });
    const her = await member("connect");
    const noTier = await member(null);
    const body = { title: `The spring retreat is open for booking ${Date.now()}`, url: "/events" };
    expect((await call("/api/admin/announcements", { body })).status).toBe(401);
    expect((await call("/api/admin/announcements", { cookie: her.cookie, body })).status).toBe(403);
    expect(
      (
        await call("/api/admin/announcements", {
          cookie: admin.cookie,
          body: { title: "Hi", url: "https://evil.example" },
        })
      ).json.fields,
    ).toEqual({
      title: "The announcement must be at least 5 characters",
      url: "The link must be a path on this site, such as /events",
    });
    expect((await call("/api/admin/announcements", { cookie: admin.cookie, body })).status).toBe(201);
    const [row] = await waitFor(async () => {
      const rows = (await notificationsOf(her.user.id)).filter((n) => n.title === body.title);
      return rows.length ? rows : undefined;
    }, "the announcement");
    expect(row).toMatchObject({ kind: "announcement", url: "/events", actorId: null });
    expect((await notificationsOf(noTier.user.id)).filter((n) => n.title === body.title)).toEqual([]);
  });

  it("refuses a link a browser would follow off the site, and sends every notification's link through the same rule", async () => {
    const admin = await member(null, { isAdmin: true });
    // A browser reads a backslash as a slash: the link /\evil.example opens http://evil.example/.
    for (const url of ["/\\evil.example", "/\\/evil.example", "/\t/evil.example", "/..//evil.example"]) {
      const refused = await call("/api/admin/announcements", {
        cookie: admin.cookie,
        body: { title: `A link that leaves ${tag()}`, url },
      });
      expect([url, refused.status, refused.json.fields]).toEqual([
        url,
        400,
        { url: "The link must be a path on this site, such as /events" },
      ]);
    }
    // A row written before the rule (or by any other path) is sent as her notifications page.
    const her = await member("connect");
    const legacy = await notify(her.user.id, { url: "/\\evil.example" });
    const listed = (await list(her.cookie)).json.notifications.find((n: { id: number }) => n.id === legacy.id);
    expect(listed.url).toBe("/notifications");
  });
});

describe("one pipeline: a forum reply's notifications (docs/decisions/041)", () => {
  const emailsOf = (address: string, kind: string) =>
    testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, address), eq(emailOutbox.kind, kind)));
  const replyNotifications = (postId: number) =>
    testDb()
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `post:${postId}`));
  /** Past the minute in which she may read it in the app first; then the email channel's job runs. */
  async function emailDue(postId: number) {
    await testDb().execute(
      sql`update notifications set created_at = now() - interval '2 minutes' where dedupe_key = ${`post:${postId}`}`,
    );
    const { deliverNotificationEmails } = await import("@/server/notifications");
    await deliverNotificationEmails("http://community.test");
  }

  it("answers the reply while its fan-out waits; the job notifies each participant once, her choice per kind picks the email", async () => {
    const author = await member();
    const inApp = await member();
    const daily = await member();
    const replier = await member();
    const t = await topic((await category()).id, author.user.id);
    await testDb()
      .insert(forumPosts)
      .values([inApp, daily].map((m) => ({ topicId: t.id, userId: m.user.id, content: "Count me in" })));
    // The forum settings' switch and the notification settings are one choice.
    expect(
      (await call("/api/forum/preferences", { method: "PUT", cookie: inApp.cookie, body: { emailOnReplies: false } }))
        .status,
    ).toBe(200);
    expect(
      (await call("/api/notifications/preferences", { cookie: inApp.cookie })).json.kinds.forum_reply.delivery,
    ).toBe("app");
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: daily.cookie,
      body: { kinds: { forum_reply: { delivery: "daily", push: false } } },
    });
    expect((await call("/api/forum/preferences", { cookie: daily.cookie })).json).toEqual({ emailOnReplies: false });

    // Nothing may be written to notifications or the outbox while this is held: the reply still answers.
    const { Client } = await import("pg");
    const holder = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await holder.connect();
    let postId: number;
    try {
      await holder.query("begin; lock table notifications, email_outbox in share row exclusive mode");
      const answer = await call("/api/forum/posts", {
        cookie: replier.cookie,
        body: { topicId: t.id, content: "News for everyone here" },
      });
      expect(answer.status).toBe(201);
      postId = answer.json.id;
      expect(await replyNotifications(postId)).toEqual([]);
    } finally {
      await holder.query("rollback");
      await holder.end();
    }

    const made = await waitFor(async () => {
      const rows = await replyNotifications(postId);
      return rows.length === 3 ? rows : undefined;
    }, "the fan-out");
    expect(made.map((n) => n.userId).sort()).toEqual([author.user.id, inApp.user.id, daily.user.id].sort());
    await emailDue(postId);
    const [email] = await waitFor(async () => {
      const rows = await emailsOf(author.user.email, "notification-forum_reply");
      return rows.length ? rows : undefined;
    }, "the author's email");
    expect(email!.subject).toBe(
      `${replier.user.firstName} ${replier.user.lastName} replied to your topic “${t.title}”`,
    );
    expect(email!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(email!.headers["List-Unsubscribe"]).toMatch(/\/unsubscribe\/m\d+-forum_reply-[\w-]+>$/);
    expect(await emailsOf(inApp.user.email, "notification-forum_reply")).toEqual([]);
    expect(await emailsOf(daily.user.email, "notification-forum_reply")).toEqual([]);

    // A second reply within the hour: in the app, not emailed again about this topic.
    const second = await call("/api/forum/posts", {
      cookie: replier.cookie,
      body: { topicId: t.id, content: "And one more thing" },
    });
    await waitFor(async () => (await replyNotifications(second.json.id)).length === 3, "the second fan-out");
    await emailDue(second.json.id);
    expect(await emailsOf(author.user.email, "notification-forum_reply")).toHaveLength(1);
    expect(await emailsOf(author.user.email, "forum-reply")).toEqual([]);
  });

  it("keeps the links of reply emails sent before: the page leads to the one unsubscribe page, the one-click POST stops reply emails", async () => {
    const her = await member();
    const t = await topic((await category()).id, her.user.id);
    const oldToken = `old-reply-token-${tag()}${tag()}`;
    await testDb()
      .insert(forumTopicSubscriptions)
      .values({ topicId: t.id, userId: her.user.id, unsubscribeToken: oldToken });

    const page = await call(`/forum-emails/unsubscribe/${oldToken}`);
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toMatch(new RegExp(`^/unsubscribe/m${her.user.id}-forum_reply-[\\w-]+$`));
    const onePage = await call(page.headers.get("location")!);
    expect(onePage.status).toBe(200);
    expect(onePage.text).toContain(`Stop sending emails about replies to ${her.user.email}?`);
    const unknown = await call("/forum-emails/unsubscribe/not-a-real-token-000");
    expect((await call(unknown.headers.get("location")!)).text).toContain("This unsubscribe link is not valid.");

    // The notification emails' own old links lead to the same page, for their kind.
    const oldNotificationToken = `old-notification-token-${tag()}${tag()}`;
    await testDb().insert(notificationSettings).values({ userId: her.user.id, unsubscribeToken: oldNotificationToken });
    const oldNotificationLink = await call(
      `/notification-emails/unsubscribe?token=${oldNotificationToken}&kind=forum_mention`,
    );
    expect(oldNotificationLink.headers.get("location")).toMatch(
      new RegExp(`^/unsubscribe/m${her.user.id}-forum_mention-[\\w-]+$`),
    );

    const oneClick = await call(`/api/forum/unsubscribe?token=${oldToken}`, {
      method: "POST",
      origin: null,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect((await call("/api/notifications/preferences", { cookie: her.cookie })).json.kinds.forum_reply.delivery).toBe(
      "app",
    );
    expect((await call("/api/forum/unsubscribe?token=not-a-real-token", { method: "POST", origin: null })).status).toBe(
      404,
    );
  });
});
