import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  contentItems,
  courseLessons,
  courseModules,
  courses,
  forumBlocks,
  forumCategories,
  forumPosts,
  forumTopics,
  users,
} from "@/db/schema";
import type { MembersHome } from "@/features/home/types";
import { HOME_LOOKBACK_DAYS } from "@/features/home/schemas";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn } from "../support/http";

// The members' home (GET /api/home): what is new for her since her last visit, each part under the
// rules of the page it links to (her tier, her blocks, the directory's choice), and what is coming.

afterAll(closeTestDb);

const tag = () => randomUUID().slice(0, 8);

async function member(overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({ membershipLevel: "connect", ...overrides });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

async function category(requiredMembershipLevel: string | null = null) {
  const t = tag();
  const [row] = await testDb()
    .insert(forumCategories)
    .values({ name: `Home ${t}`, slug: `home-${t}`, requiredMembershipLevel })
    .returning();
  return row!;
}

async function topic(categoryId: number, userId: number, title = `Topic ${tag()}`) {
  const [row] = await testDb()
    .insert(forumTopics)
    .values({ title, slug: `topic-${tag()}`, content: "Hello.", categoryId, userId })
    .returning();
  return row!;
}

async function reply(topicId: number, userId: number, status = "visible") {
  await testDb().insert(forumPosts).values({ topicId, userId, content: "A reply.", status });
  await testDb().update(forumTopics).set({ lastPostAt: new Date() }).where(eq(forumTopics.id, topicId));
}

async function home(cookie: string, since?: Date): Promise<MembersHome> {
  const result = await call(since ? `/api/home?since=${since.toISOString()}` : "/api/home", { cookie });
  expect(result.status).toBe(200);
  return result.json as MembersHome;
}

it("answers a visitor 401 and a since that is not an instant 400", async () => {
  expect((await call("/api/home")).status).toBe(401);
  const { cookie } = await member();
  const bad = await call("/api/home?since=yesterday", { cookie });
  expect(bad.status).toBe(400);
});

it("counts from her last visit, never further back than the lookback nor later than now", async () => {
  const { cookie } = await member();
  const before = Date.now();
  const longAgo = await home(cookie, new Date("2020-01-01T00:00:00Z"));
  const lookback = HOME_LOOKBACK_DAYS * 24 * 3600_000;
  expect(new Date(longAgo.since).getTime()).toBeGreaterThanOrEqual(before - lookback);
  expect(new Date(longAgo.since).getTime()).toBeLessThanOrEqual(Date.now() - lookback + 60_000);
  const future = await home(cookie, new Date(Date.now() + 86_400_000));
  expect(new Date(future.since).getTime()).toBeLessThanOrEqual(Date.now());
  const lastVisit = new Date(Date.now() - 3600_000);
  expect((await home(cookie, lastVisit)).since).toBe(lastVisit.toISOString());
});

it("shows topics with news in the categories she wrote in, under her tier as it is today, none by a member she blocked", async () => {
  const her = await member({ membershipLevel: "empower" });
  const other = await createTestUser({ membershipLevel: "empower" });
  const blocked = await createTestUser({ membershipLevel: "empower" });
  const open = await category();
  const empower = await category("empower");
  const elsewhere = await category();
  await topic(open.id, her.user.id);
  await topic(empower.id, her.user.id);
  await testDb().insert(forumBlocks).values({ blockerId: her.user.id, blockedId: blocked.id });

  const lastVisit = new Date(Date.now() - 1000);
  const inOpen = await topic(open.id, other.id, "News in the open category");
  const inEmpower = await topic(empower.id, other.id, "News in the Empower category");
  const inElsewhere = await topic(elsewhere.id, other.id, "News where she never wrote");
  const byBlocked = await topic(open.id, blocked.id, "By a member she blocked");
  const older = await topic(open.id, other.id, "Replied to since");
  await testDb()
    .update(forumTopics)
    .set({ createdAt: new Date(Date.now() - 86_400_000) })
    .where(eq(forumTopics.id, older.id));
  await reply(older.id, other.id);
  await reply(older.id, other.id);
  await reply(older.id, blocked.id);
  await reply(older.id, other.id, "hidden");
  // A topic whose only news is a reply by the member she blocked is no news to her.
  const quiet = await topic(open.id, other.id, "Only the blocked member replied");
  await testDb()
    .update(forumTopics)
    .set({ createdAt: new Date(Date.now() - 86_400_000) })
    .where(eq(forumTopics.id, quiet.id));
  await reply(quiet.id, blocked.id);

  const seen = await home(her.cookie, lastVisit);
  expect(seen.topicsFrom).toBe("taken-part");
  const ids = seen.topics.map((t) => t.id);
  expect(ids).toEqual(expect.arrayContaining([inOpen.id, inEmpower.id, older.id]));
  expect(ids).not.toContain(inElsewhere.id);
  expect(ids).not.toContain(byBlocked.id);
  expect(ids).not.toContain(quiet.id);
  const replied = seen.topics.find((t) => t.id === older.id)!;
  expect([replied.isNew, replied.newReplies]).toEqual([false, 2]);
  expect(seen.topics.find((t) => t.id === inOpen.id)!.isNew).toBe(true);

  // Her tier lowered: the Empower category's news is no longer hers, though she wrote there.
  await testDb().update(users).set({ membershipLevel: "connect" }).where(eq(users.id, her.user.id));
  const lowered = (await home(her.cookie, lastVisit)).topics.map((t) => t.id);
  expect(lowered).toContain(inOpen.id);
  expect(lowered).not.toContain(inEmpower.id);
});

it("shows a member who has not written yet the news of every category her tier opens", async () => {
  const other = await createTestUser({ membershipLevel: "play" });
  const open = await category();
  const lastVisit = new Date(Date.now() - 1000);
  const news = await topic(open.id, other.id);
  const { cookie } = await member();
  const seen = await home(cookie, lastVisit);
  expect(seen.topicsFrom).toBe("everywhere");
  expect(seen.topics.map((t) => t.id)).toContain(news.id);
});

it("lists library items published since her last visit that her tier opens", async () => {
  const { cookie } = await member();
  const lastVisit = new Date(Date.now() - 1000);
  const item = async (title: string, values: Partial<typeof contentItems.$inferInsert>) => {
    const [row] = await testDb()
      .insert(contentItems)
      .values({ title, slug: `home-${tag()}`, contentType: "article", status: "published", ...values })
      .returning();
    return row!.slug;
  };
  const open = await item("Open to her", {
    isPublic: false,
    requiredMembershipLevel: "connect",
    publishedAt: new Date(),
  });
  const higher = await item("For Play", { isPublic: false, requiredMembershipLevel: "play", publishedAt: new Date() });
  const old = await item("Before her visit", { publishedAt: new Date(Date.now() - 86_400_000) });
  const draft = await item("A draft", { status: "draft", publishedAt: new Date() });
  const slugs = (await home(cookie, lastVisit)).library.map((i) => i.slug);
  expect(slugs).toContain(open);
  expect(slugs).not.toContain(higher);
  expect(slugs).not.toContain(old);
  expect(slugs).not.toContain(draft);
});

it("shows members who joined this week and are in the directory, and her unread counts", async () => {
  const newcomer = await createTestUser({ firstName: "Newcomer" });
  const hidden = await createTestUser({ firstName: "Hidden", hiddenFromDirectory: true });
  const her = await member();
  const seen = await home(her.cookie);
  const ids = seen.newMembers.map((m) => m.id);
  expect(ids).toContain(newcomer.id);
  expect(ids).not.toContain(hidden.id);
  expect(ids).not.toContain(her.user.id);

  const sent = await call("/api/messages", {
    cookie: await signIn(newcomer.username, TEST_PASSWORD),
    body: { toUserId: her.user.id, body: "Welcome!" },
  });
  expect(sent.status).toBe(201);
  const after = await home(her.cookie);
  expect(after.unread.messages).toBe(1);
  expect(after.unread.notifications).toBeGreaterThanOrEqual(1);
});

it("shows the courses she is taking with her progress: not one she finished, nor one her tier no longer opens", async () => {
  const her = await member({ membershipLevel: "create" });
  const course = async (requiredMembershipLevel: string | null) => {
    const t = tag();
    const [row] = await testDb()
      .insert(courses)
      .values({
        title: `Course ${t}`,
        slug: `course-${t}`,
        summary: "For the home.",
        requiredMembershipLevel,
        status: "published",
      })
      .returning();
    const [module] = await testDb()
      .insert(courseModules)
      .values({ courseId: row!.id, title: "Module", position: 0, unlockRule: "immediately" })
      .returning();
    const lessons = await testDb()
      .insert(courseLessons)
      .values(
        [1, 2].map((n) => ({
          courseId: row!.id,
          moduleId: module!.id,
          title: `Lesson ${n}`,
          slug: `lesson-${n}`,
          content: "<p>Words.</p>",
          position: n,
        })),
      )
      .returning();
    return { ...row!, lessons };
  };
  const [taking, finished, aboveHerTier, notStarted] = [
    await course(null),
    await course(null),
    await course("create"),
    await course(null),
  ];
  const complete = (c: { slug: string }, lesson: string) =>
    call(`/api/courses/${c.slug}/lessons/${lesson}/complete`, { method: "POST", cookie: her.cookie });
  for (const c of [taking, finished, aboveHerTier])
    expect((await call(`/api/courses/${c.slug}/start`, { method: "POST", cookie: her.cookie })).status).toBe(200);
  expect((await complete(taking, "lesson-1")).status).toBe(200);
  for (const lesson of ["lesson-1", "lesson-2"]) expect((await complete(finished, lesson)).status).toBe(200);
  // Her tier drops below the one that opens the third.
  await testDb().update(users).set({ membershipLevel: "connect" }).where(eq(users.id, her.user.id));

  const home = (await call("/api/home", { cookie: her.cookie })).json as MembersHome;
  const mine = home.courses.filter((c) => [taking, finished, aboveHerTier, notStarted].some((x) => x.slug === c.slug));
  expect(mine).toEqual([{ slug: taking.slug, title: taking.title, progress: { completed: 1, total: 2 } }]);
  // No one else's: another member taking nothing sees none of these.
  const other = await member();
  const theirs = ((await call("/api/home", { cookie: other.cookie })).json as MembersHome).courses;
  expect(theirs.filter((c) => c.slug === taking.slug)).toEqual([]);
});
