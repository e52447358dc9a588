import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { forumCategories, forumPosts, forumTopics, notifications, users } from "@/db/schema";
import type { TierId } from "@/features/membership/constants";
import { recordNotificationEvent, runNotificationEvent } from "@/server/notifications";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { closeInProcessApp } from "../support/in-process";
import { call, signIn } from "../support/http";

// Her unread counts are kept by the writes (docs/decisions/049-notification-lists-at-size.md): after
// every kind of write, the count the bell and the navbar show equals what she sees in her list, and
// the kept rows equal her notifications counted afresh. Nobody else's writes move her counts.

afterAll(closeInProcessApp);

jest.setTimeout(120_000);

const tag = () => randomUUID().slice(0, 8);

async function member(level: TierId | null = "connect", overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({ membershipLevel: level, ...overrides });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}
type Member = Awaited<ReturnType<typeof member>>;

async function notify(userId: number, values: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await testDb()
    .insert(notifications)
    .values({ userId, kind: "announcement", title: `Announcement ${tag()}`, url: "/events", ...values })
    .returning();
  return row!;
}

/**
 * What she is shown: the bell's and the navbar's counts (GET /api/home), beside her unread
 * notifications as her list gives them, paged to the end (the visibility rules' own answer).
 */
async function countsOf(her: Member) {
  const home = await call("/api/home", { cookie: her.cookie });
  expect(home.status).toBe(200);
  const listed: Array<{ kind: string }> = [];
  let after: string | null = null;
  do {
    const page = await call(`/api/notifications?unread=1&limit=50${after ? `&after=${after}` : ""}`, {
      cookie: her.cookie,
    });
    expect(page.status).toBe(200);
    listed.push(...page.json.notifications);
    after = page.json.next;
  } while (after);
  return {
    shown: home.json.unread as { notifications: number; messages: number },
    listed: { notifications: listed.length, messages: listed.filter((n) => n.kind === "direct_message").length },
  };
}

/** Her kept rows against her notifications counted afresh, level by level. */
async function keptAgainstRecount(userId: number) {
  const { rows } = await testDb().execute<{ level: string | null; kept: string; counted: string }>(sql`
    with counted as (
      select required_level as level, count(*) as unread, count(*) filter (where kind = 'direct_message') as messages
      from notifications where user_id = ${userId} and read_at is null group by required_level
    ), kept as (
      select required_level as level, unread, unread_messages as messages from notification_counts where user_id = ${userId}
    )
    select coalesce(kept.level, counted.level) as level,
      coalesce(kept.unread, 0) || '/' || coalesce(kept.messages, 0) as kept,
      coalesce(counted.unread, 0) || '/' || coalesce(counted.messages, 0) as counted
    from kept full join counted on coalesce(kept.level, '') = coalesce(counted.level, '')`);
  return rows.filter((row) => row.kept !== row.counted);
}

/** Her counts as shown are `expected`, equal to her list, and the kept rows equal a recount. */
async function expectCounts(her: Member, expected: { notifications: number; messages: number }) {
  const { shown, listed } = await countsOf(her);
  expect(listed).toEqual(expected);
  expect(shown).toEqual(expected);
  expect(await keptAgainstRecount(her.user.id)).toEqual([]);
}

async function topicWithReply(author: Member, requiredMembershipLevel: TierId | null = null) {
  const t = tag();
  const [category] = await testDb()
    .insert(forumCategories)
    .values({ name: `Counts ${t}`, slug: `counts-${t}`, requiredMembershipLevel })
    .returning();
  const [topic] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Topic ${t}`,
      slug: `topic-${t}`,
      content: "Opening post",
      categoryId: category!.id,
      userId: author.user.id,
    })
    .returning();
  const [post] = await testDb()
    .insert(forumPosts)
    .values({ topicId: topic!.id, userId: author.user.id, content: "Her reply" })
    .returning();
  return { topic: topic!, post: post! };
}

const react = (who: Member, postId: number) =>
  call("/api/forum/reactions", { cookie: who.cookie, body: { postId, reactionType: "heart" } });
const markRead = (who: Member, body: unknown) => call("/api/notifications/read", { cookie: who.cookie, body });

describe("the unread counts, kept by the writes", () => {
  it("follow new notifications, grouped reactions, a fan-out and direct messages", async () => {
    const her = await member();
    const amara = await member("connect", { firstName: "Amara" });
    const lena = await member();
    await expectCounts(her, { notifications: 0, messages: 0 });

    await notify(her.user.id);
    await expectCounts(her, { notifications: 1, messages: 0 });

    // Two reactions to her reply are one notification while unread.
    const { topic, post } = await topicWithReply(her);
    expect((await react(amara, post.id)).status).toBe(200);
    expect((await react(lena, post.id)).status).toBe(200);
    await expectCounts(her, { notifications: 2, messages: 0 });

    // A reply in her topic, fanned out by the job's one statement.
    const [reply] = await testDb()
      .insert(forumPosts)
      .values({ topicId: topic.id, userId: amara.user.id, content: "A reply to her topic" })
      .returning();
    await runNotificationEvent(await recordNotificationEvent(testDb(), { kind: "forum_post", postId: reply!.id }));
    await expectCounts(her, { notifications: 3, messages: 0 });

    // Two messages from Amara are one conversation unread: the navbar's Messages count is 1.
    for (const body of ["Hello!", "Are you coming on Friday?"]) {
      expect(
        (await call("/api/messages", { cookie: amara.cookie, body: { toUserId: her.user.id, body } })).status,
      ).toBe(201);
    }
    await expectCounts(her, { notifications: 4, messages: 1 });
  });

  it("follow marking read by ids, by kind and all, and reading a conversation", async () => {
    const her = await member();
    const amara = await member();
    const a = await notify(her.user.id);
    await notify(her.user.id);
    await notify(her.user.id, { kind: "library_item" });
    await notify(her.user.id, { kind: "library_item" });
    await notify(her.user.id, { kind: "forum_reply", actorId: amara.user.id });
    const sent = await call("/api/messages", { cookie: amara.cookie, body: { toUserId: her.user.id, body: "Hi" } });
    await expectCounts(her, { notifications: 6, messages: 1 });

    expect((await markRead(her, { ids: [a.id] })).json).toEqual({ unreadCount: 5 });
    await expectCounts(her, { notifications: 5, messages: 1 });
    // Marking one read twice lowers nothing twice.
    expect((await markRead(her, { ids: [a.id] })).json).toEqual({ unreadCount: 5 });

    expect((await markRead(her, { all: true, kind: "library_item" })).json).toEqual({ unreadCount: 3 });
    await expectCounts(her, { notifications: 3, messages: 1 });

    const conversationId = sent.json.conversationId as number;
    expect((await call(`/api/messages/${conversationId}/read`, { cookie: her.cookie, body: {} })).status).toBe(200);
    await expectCounts(her, { notifications: 2, messages: 0 });

    expect((await markRead(her, { all: true })).json).toEqual({ unreadCount: 0 });
    await expectCounts(her, { notifications: 0, messages: 0 });
  });

  it("leave out a member she blocks, even after he notified her, and count him again once unblocked", async () => {
    const her = await member();
    const him = await member();
    await notify(her.user.id, { kind: "forum_reply", actorId: him.user.id });
    await notify(her.user.id, { kind: "forum_reaction", actorId: him.user.id });
    await call("/api/messages", { cookie: him.cookie, body: { toUserId: her.user.id, body: "Hi there" } });
    await notify(her.user.id);
    await expectCounts(her, { notifications: 4, messages: 1 });

    expect((await call("/api/forum/blocks", { cookie: her.cookie, body: { userId: him.user.id } })).status).toBe(200);
    await expectCounts(her, { notifications: 1, messages: 0 });
    // Marking all read while he is blocked reads his too: nothing of his comes back unread.
    await markRead(her, { all: true });
    await notify(her.user.id);
    const unblocked = await call(`/api/forum/blocks/${him.user.id}`, { cookie: her.cookie, method: "DELETE" });
    expect(unblocked.status).toBe(200);
    await expectCounts(her, { notifications: 1, messages: 0 });
  });

  it("follow her tier: what is above it is not counted, and is again when her tier rises", async () => {
    const her = await member("create");
    await notify(her.user.id, { kind: "library_item", requiredLevel: "create" });
    await notify(her.user.id, { kind: "library_item", requiredLevel: "connect" });
    await notify(her.user.id);
    await expectCounts(her, { notifications: 3, messages: 0 });

    await testDb().update(users).set({ membershipLevel: "connect" }).where(eq(users.id, her.user.id));
    await expectCounts(her, { notifications: 2, messages: 0 });
    await testDb().update(users).set({ membershipLevel: null }).where(eq(users.id, her.user.id));
    await expectCounts(her, { notifications: 1, messages: 0 });
    await testDb().update(users).set({ membershipLevel: "create" }).where(eq(users.id, her.user.id));
    await expectCounts(her, { notifications: 3, messages: 0 });
  });

  it("drop what goes with a member's account (his notifications to her are deleted with it)", async () => {
    const her = await member();
    const him = await member();
    await notify(her.user.id, { kind: "forum_reply", actorId: him.user.id });
    await call("/api/messages", { cookie: him.cookie, body: { toUserId: her.user.id, body: "Hello" } });
    await notify(her.user.id);
    await expectCounts(her, { notifications: 3, messages: 1 });
    await testDb().delete(users).where(eq(users.id, him.user.id));
    await expectCounts(her, { notifications: 1, messages: 0 });
    // Her own account going takes her counts with it.
    await testDb().delete(users).where(eq(users.id, her.user.id));
    const { rows } = await testDb().execute(sql`select 1 from notification_counts where user_id = ${her.user.id}`);
    expect(rows).toEqual([]);
  });

  it("cannot be moved by another member, and stay exact under concurrent writes", async () => {
    const her = await member();
    const other = await member();
    const hers = await Promise.all(Array.from({ length: 3 }, () => notify(her.user.id)));
    await notify(other.user.id);
    // Her ids in another member's request, and his "mark all read", leave her counts as they were.
    expect((await markRead(other, { ids: hers.map((n) => n.id) })).json).toEqual({ unreadCount: 1 });
    expect((await markRead(other, { all: true })).json).toEqual({ unreadCount: 0 });
    await expectCounts(her, { notifications: 3, messages: 0 });

    // Twenty new notifications and marking reads at once, from separate connections.
    await Promise.all([
      ...Array.from({ length: 20 }, () => notify(her.user.id)),
      markRead(her, { ids: [hers[0]!.id] }),
      markRead(her, { ids: [hers[0]!.id, hers[1]!.id] }),
    ]);
    await expectCounts(her, { notifications: 21, messages: 0 });
  });
});
