import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import {
  applications,
  blogPosts,
  contentCategories,
  contentItems,
  contentTags,
  conversations,
  courseLessons,
  courses,
  emailOutbox,
  events,
  forumCategories,
  forumTopics,
  messages,
  paymentTransactions,
} from "@/db/schema";
import { pageRuleFor, redirectFor, type AccessRule } from "@/lib/auth/access";
import { isPrerenderedPage } from "@/lib/http/prerendered-pages";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";
import { declaredPages } from "../support/routes";
import { scriptPolicyProblems } from "../support/script-policy";

// Every page in the source tree, for a visitor, a member, a member holding the
// page's permission and an admin, against the rule `src/proxy.ts` and the pages apply (PAGE_RULES in
// src/lib/auth/access.ts). A new page with a dynamic segment needs a sample below, or this fails.

afterAll(closeTestDb);

const firstId = async <T extends { id: number }>(rows: Promise<T[]>) => String((await rows)[0]!.id);
const firstSlug = async <T extends { slug: string }>(rows: Promise<T[]>) => (await rows)[0]!.slug;
const unknownToken = () => randomUUID().replace(/-/g, "");

/** The walk's signed-in member, for pages that are hers alone. */
let walkMemberId = 0;

/** A conversation of the walk's member with someone else: hers to read, nobody else's (admins included). */
async function conversationOfWalkMember() {
  const other = await createTestUser();
  const [low, high] = [walkMemberId, other.id].sort((a, b) => a - b) as [number, number];
  const [conversation] = await testDb().insert(conversations).values({ lowUserId: low, highUserId: high }).returning();
  await testDb()
    .insert(messages)
    .values({ conversationId: conversation!.id, senderId: other.id, body: "Hello from the page walk" });
  return `/messages/${conversation!.id}`;
}

/** Pages whose sample belongs to the walk's member: every other role is answered 404, as for a page that does not exist. */
const HERS_ALONE = new Set(["/messages/[conversationId]"]);

/** A real value for each dynamic page, from the demo data every test database holds. */
const SAMPLES: Record<string, () => Promise<string>> = {
  "/messages/[conversationId]": conversationOfWalkMember,
  "/[...unmatched]": async () => `/no-such-page-${randomUUID().slice(0, 8)}`,
  "/admin/members/[id]": async () => `/admin/members/${(await createTestUser()).id}`,
  "/admin/applications/[id]": async () =>
    `/admin/applications/${await firstId(testDb().select({ id: applications.id }).from(applications).orderBy(asc(applications.id)).limit(1))}`,
  "/admin/events/[id]": async () =>
    `/admin/events/${await firstId(testDb().select({ id: events.id }).from(events).where(eq(events.source, "internal")).orderBy(asc(events.id)).limit(1))}`,
  "/admin/outbox/[id]": async () =>
    `/admin/outbox/${await firstId(testDb().insert(emailOutbox).values({ to: "walk@example.com", subject: "Page walk", text: "A message for the page walk.", kind: "test", status: "sent" }).returning({ id: emailOutbox.id }))}`,
  "/admin/billing/[userId]": async () => `/admin/billing/${(await createTestUser({ membershipLevel: "create" })).id}`,
  "/admin/payment-transactions/[id]": async () =>
    `/admin/payment-transactions/${await firstId(testDb().select({ id: paymentTransactions.id }).from(paymentTransactions).orderBy(asc(paymentTransactions.id)).limit(1))}`,
  "/admin/library/items/[id]": async () =>
    `/admin/library/items/${await firstId(testDb().select({ id: contentItems.id }).from(contentItems).orderBy(asc(contentItems.id)).limit(1))}`,
  "/blog/[slug]": async () =>
    `/blog/${await firstSlug(testDb().select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.status, "published")).limit(1))}`,
  "/events/[id]": async () =>
    `/events/${await firstId(testDb().select({ id: events.id }).from(events).where(eq(events.source, "internal")).orderBy(asc(events.id)).limit(1))}`,
  "/forum/[categorySlug]": async () =>
    `/forum/${await firstSlug(testDb().select({ slug: forumCategories.slug }).from(forumCategories).where(isNull(forumCategories.requiredMembershipLevel)).limit(1))}`,
  "/forum/topic/[slug]": async () =>
    `/forum/topic/${await firstSlug(
      testDb()
        .select({ slug: forumTopics.slug })
        .from(forumTopics)
        .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
        .where(isNull(forumCategories.requiredMembershipLevel))
        .limit(1),
    )}`,
  "/forum-emails/unsubscribe/[token]": async () => `/forum-emails/unsubscribe/${unknownToken()}`,
  "/join/[token]": async () => `/join/${unknownToken()}`,
  "/payment/[token]": async () => `/payment/${unknownToken()}`,
  "/library/category/[slug]": async () =>
    `/library/category/${await firstSlug(testDb().select({ slug: contentCategories.slug }).from(contentCategories).limit(1))}`,
  "/library/item/[slug]": async () =>
    `/library/item/${await firstSlug(
      testDb()
        .select({ slug: contentItems.slug })
        .from(contentItems)
        .where(and(eq(contentItems.status, "published"), eq(contentItems.isPublic, true)))
        .limit(1),
    )}`,
  "/library/tag/[slug]": async () =>
    `/library/tag/${await firstSlug(testDb().select({ slug: contentTags.slug }).from(contentTags).limit(1))}`,
  "/courses/[slug]": async () =>
    `/courses/${await firstSlug(testDb().select({ slug: courses.slug }).from(courses).limit(1))}`,
  "/courses/[slug]/[lesson]": async () => {
    const [row] = await testDb()
      .select({ course: courses.slug, lesson: courseLessons.slug })
      .from(courseLessons)
      .innerJoin(courses, eq(courses.id, courseLessons.courseId))
      .limit(1);
    return `/courses/${row!.course}/${row!.lesson}`;
  },
  "/admin/courses/[id]": async () =>
    `/admin/courses/${await firstId(testDb().select({ id: courses.id }).from(courses).orderBy(asc(courses.id)).limit(1))}`,
  "/admin/courses/[id]/preview": async () =>
    `/admin/courses/${await firstId(testDb().select({ id: courses.id }).from(courses).orderBy(asc(courses.id)).limit(1))}/preview?tier=create`,
  "/admin/courses/[id]/lessons/[lessonId]": async () => {
    const [row] = await testDb()
      .select({ id: courseLessons.id, courseId: courseLessons.courseId })
      .from(courseLessons)
      .limit(1);
    return `/admin/courses/${row!.courseId}/lessons/${row!.id}`;
  },
  "/confirm-email/[token]": async () => `/confirm-email/${unknownToken()}`,
  "/newsletter/confirm/[token]": async () => `/newsletter/confirm/${unknownToken()}`,
  "/newsletter/unsubscribe/[token]": async () => `/newsletter/unsubscribe/${unknownToken()}`,
  "/profile/[id]": async () => `/profile/${(await createTestUser({ membershipLevel: "create" })).id}`,
  "/profile/affiliate/[token]": async () => `/profile/affiliate/${unknownToken()}`,
  "/reset-password/[token]": async () => `/reset-password/${unknownToken()}`,
  "/unsubscribe/[token]": async () => `/unsubscribe/m1-forum_reply-${unknownToken().slice(0, 22)}`,
};

type Role = "visitor" | "member" | "permitted member" | "admin";
type Expected = { status: 200 } | { status: 307; location: string } | { status: "public" };

/** What each role is answered under a page's rule. Public pages only need to serve without a sign-in wall or an error. */
function expectedFor(rule: AccessRule, role: Role, path: string): Expected {
  if (rule.kind === "public") return { status: "public" };
  if (role === "visitor") return { status: 307, location: redirectFor("unauthenticated", path) };
  if (role === "admin") return { status: 200 };
  if (rule.kind === "signed-in") return { status: 200 };
  if (rule.kind === "permission" && role === "permitted member") return { status: 200 };
  return { status: 307, location: redirectFor("forbidden", path) };
}

const pages = declaredPages();

describe("every page, every role", () => {
  const cookies: Partial<Record<Role, string>> = {};
  beforeAll(async () => {
    const walkMember = await createTestUser({ membershipLevel: "play" });
    walkMemberId = walkMember.id;
    cookies.member = await signIn(walkMember.username, TEST_PASSWORD);
    cookies["permitted member"] = await signIn(
      (await createTestUser({ membershipLevel: "connect", permissions: { manage_content: true } })).username,
      TEST_PASSWORD,
    );
    cookies.admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
  });

  it("finds the pages, and has a sample for every dynamic one", () => {
    expect(pages.length).toBeGreaterThan(50);
    const missing = pages.filter((p) => p.pattern.includes("[") && !SAMPLES[p.pattern]).map((p) => p.pattern);
    expect(missing).toEqual([]);
  });

  it.each(pages.map((p) => [p.pattern, p] as const))("%s answers each role by its rule", async (pattern) => {
    const path = SAMPLES[pattern] ? await SAMPLES[pattern]() : pattern;
    const rule = pageRuleFor(path);
    for (const role of ["visitor", "member", "permitted member", "admin"] as const) {
      const result = await call(path, { cookie: cookies[role] });
      const expected = expectedFor(rule, role, path);
      const seen = { role, status: result.status, location: result.headers.get("location") };
      if (expected.status === "public") {
        expect(seen.status).toBeLessThan(500);
        expect(seen.location ?? "").not.toMatch(/^\/login/);
        if (pattern === "/[...unmatched]") expect(seen.status).toBe(404);
      } else if (HERS_ALONE.has(pattern) && role !== "visitor" && role !== "member") {
        expect(seen).toEqual({ role, status: 404, location: null });
      } else if (expected.status === 307) {
        expect(seen).toEqual({ role, status: 307, location: expected.location });
      } else {
        expect(seen).toEqual({ role, status: 200, location: null });
      }
    }
  });
});

describe("another member's profile", () => {
  it("shows her what its owner shares with members, never her email or a hidden location", async () => {
    const place = `Hidden Hollow ${randomUUID().slice(0, 6)}`;
    const owner = await createTestUser({ membershipLevel: "create", location: place, locationVisibility: "nobody" });
    const other = await signIn((await createTestUser({ membershipLevel: "connect" })).username, TEST_PASSWORD);
    // The page is the same for everyone; what it shows her comes from this call.
    const page = await call(`/profile/${owner.id}`, { cookie: other });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(owner.lastName);
    const seenByOther = await call(`/api/users/${owner.id}/profile-screen`, { cookie: other });
    expect(seenByOther.status).toBe(200);
    expect(seenByOther.text).toContain(owner.lastName);
    expect(seenByOther.text).not.toContain(owner.email);
    expect(seenByOther.text).not.toContain(place);
    expect(seenByOther.json).toMatchObject({ isOwn: false, partner: null, publishableKey: null });

    const seenByOwner = await call(`/api/users/${owner.id}/profile-screen`, {
      cookie: await signIn(owner.username, TEST_PASSWORD),
    });
    expect(seenByOwner.status).toBe(200);
    expect(seenByOwner.text).toContain(place);
    expect(seenByOwner.json.isOwn).toBe(true);
  });
});

describe("the Content-Security-Policy of every page (decision 033)", () => {
  let admin = "";
  beforeAll(async () => {
    admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
  });

  it.each(pages.map((p) => [p.pattern] as const))(
    "%s: runs its own scripts alone, by the hashes stored with it or by this request's nonce",
    async (pattern) => {
      const path = SAMPLES[pattern] ? await SAMPLES[pattern]() : pattern;
      const guarded = pageRuleFor(path).kind !== "public";
      // A public page as a visitor gets it, a guarded one as an admin (every guarded page lets her in).
      const cookie = guarded ? admin : undefined;
      await call(path, { cookie });
      const result = await call(path, { cookie });
      if (result.status >= 300 && result.status < 400) return; // sent elsewhere by its own rule
      const policy = result.headers.get("content-security-policy");
      expect({ pattern, problems: scriptPolicyProblems(result.text, policy) }).toEqual({ pattern, problems: [] });
      // Served from the page cache (HIT, or STALE while it is rendered again), or rendered for this request.
      const prerendered = result.headers.get("x-nextjs-cache") !== null;
      expect({ pattern, prerendered, nonce: policy!.includes("'nonce-") }).toEqual({
        pattern,
        prerendered: isPrerenderedPage(new URL(path, "http://x").pathname),
        nonce: !prerendered,
      });
      // Never shown from the browser's own copy (stale-while-revalidate): each visit passes the guard.
      if (prerendered && guarded) expect(result.headers.get("cache-control")).toBe("private, no-cache");
    },
  );
});
