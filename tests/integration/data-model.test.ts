import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import * as t from "@/db/schema";
import { APPLICATION_STATUSES } from "@/features/applications/constants";
import { CONTENT_TYPES } from "@/features/library/constants";
import { PAYMENT_STATUSES } from "@/features/money/constants";
import { DEMO_BLOG_POSTS } from "@/db/seed/blog-posts";
import { DEMO_COURSES } from "@/db/seed/demo-courses";
import { DEMO_USERS } from "@/db/seed/demo-users";
import { closeTestDb, createTestUser, testDb } from "../support/db";

afterAll(closeTestDb);

/** The PostgreSQL error code a query fails with, or "none". */
async function failureCode(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
    return "none";
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code ?? "unknown";
  }
}

describe("database constraints", () => {
  it("keeps emails and usernames unique whatever their case", async () => {
    const user = await createTestUser();
    const duplicateEmail = createTestUser({ email: user.email.toUpperCase() });
    expect(await failureCode(duplicateEmail)).toBe("23505");
    const duplicateName = createTestUser({ username: user.username.toUpperCase() });
    expect(await failureCode(duplicateName)).toBe("23505");
  });

  it("refuses a status outside the spec's set", async () => {
    const insert = testDb()
      .insert(t.applications)
      .values({
        firstName: "Ann",
        lastName: "Bee",
        email: `check_${Date.now()}@example.com`,
        phone: "0123456789",
        membershipTier: "connect",
        heardAbout: "x",
        whyJoin: "x".repeat(20),
        agreeTerms: true,
        status: "maybe",
      });
    expect(await failureCode(insert)).toBe("23514");
  });

  it("allows one pending application per email address", async () => {
    const email = `pending_${Date.now()}@example.com`;
    const values = {
      firstName: "Ann",
      lastName: "Bee",
      email,
      phone: "0123456789",
      membershipTier: "connect",
      heardAbout: "x",
      whyJoin: "x".repeat(20),
      agreeTerms: true,
    };
    await testDb().insert(t.applications).values(values);
    expect(
      await failureCode(
        testDb()
          .insert(t.applications)
          .values({ ...values, email: email.toUpperCase() }),
      ),
    ).toBe("23505");
    await testDb()
      .insert(t.applications)
      .values({ ...values, status: "rejected" });
  });

  it("refuses a tier that is not in the catalogue", async () => {
    expect(["23503", "23514"]).toContain(await failureCode(createTestUser({ membershipLevel: "platinum" as never })));
  });
});

describe("demo data (first start of the embedded database)", () => {
  const count = async (table: PgTable, where = sql`true`) => {
    const [row] = await testDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where);
    return row!.n;
  };

  it("has the four tiers of the catalogue, in order", async () => {
    const tiers = await testDb().select().from(t.membershipTiers).orderBy(t.membershipTiers.position);
    expect(tiers.map((tier) => [tier.id, tier.durationMonths, tier.monthlyPriceCents, tier.popular])).toEqual([
      ["connect", 3, 3000, false],
      ["create", 6, 5000, true],
      ["empower", 9, 6500, false],
      ["play", 12, 7500, false],
    ]);
  });

  it("has three published courses: one in progress for member, one for a tier above hers, one above her level", async () => {
    const courses = await testDb()
      .select({
        slug: t.courses.slug,
        status: t.courses.status,
        level: t.courses.requiredMembershipLevel,
        requiredLevel: t.courses.requiredLevel,
      })
      .from(t.courses)
      .where(sql`${t.courses.slug} in ${DEMO_COURSES.map((course) => course.slug)}`)
      .orderBy(t.courses.position);
    expect(courses).toEqual([
      { slug: "finding-your-creative-rhythm", status: "published", level: "create", requiredLevel: null },
      { slug: "leading-without-burning-out", status: "published", level: "empower", requiredLevel: null },
      { slug: "mentoring-newer-members", status: "published", level: null, requiredLevel: 4 },
    ]);
    // No demo member reaches level 4, so that the demo member sees "Opens at level 4".
    const {
      rows: [top],
    } = await testDb().execute<{ points: number; threshold: number }>(sql`
      select coalesce(max(mp.points), 0)::int as points, (select min_points from levels where level = 4) as threshold
      from member_points mp join users u on u.id = mp.user_id
      where u.username in ${DEMO_USERS.map((user) => user.username)}`);
    expect(top!.points).toBeLessThan(top!.threshold);
    const {
      rows: [progress],
    } = await testDb().execute<{ done: number; total: number; completed_at: Date | null }>(sql`
      select (select count(*)::int from lesson_completions lc where lc.user_id = u.id and lc.course_id = c.id) as done,
             (select count(*)::int from course_lessons l where l.course_id = c.id) as total,
             e.completed_at
      from users u join course_enrolments e on e.user_id = u.id join courses c on c.id = e.course_id
      where u.username = 'member' and c.slug = 'finding-your-creative-rhythm'`);
    expect(progress).toEqual({ done: 2, total: 8, completed_at: null });
  });

  it("has members at levels 1 to 5 whose totals are their ledgers', a discussion under a lesson, and where members stop", async () => {
    const { rows } = await testDb().execute<{ level: number; members: number; off: number }>(sql`
      select l.level, count(*)::int as members,
        count(*) filter (where coalesce(mp.points, 0) <> (select coalesce(sum(e.points), 0) from point_entries e where e.user_id = u.id))::int as off
      from users u left join member_points mp on mp.user_id = u.id
      cross join lateral (select max(level) as level from levels where min_points <= coalesce(mp.points, 0)) l
      where u.email like '%@example.com'
      group by l.level order by l.level`);
    expect(rows.map((row) => row.level)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
    expect(rows.every((row) => row.off === 0)).toBe(true);
    const {
      rows: [community],
    } = await testDb().execute<{ comments: number; started: number }>(sql`
      select (select count(*)::int from content_comments cc join course_lessons l on l.id = cc.lesson_id where l.course_id = c.id) as comments,
             (select count(*)::int from course_enrolments e where e.course_id = c.id and e.completed_at is null) as started
      from courses c where c.slug = 'finding-your-creative-rhythm'`);
    expect(community!.comments).toBeGreaterThanOrEqual(3);
    expect(community!.started).toBeGreaterThanOrEqual(5);
  });

  it("has the demo logins with their roles", async () => {
    const users = await testDb()
      .select()
      .from(t.users)
      .where(sql`${t.users.username} in ('admin','member','mentor','partner')`);
    expect(users.map((u) => u.username).sort()).toEqual(DEMO_USERS.map((u) => u.username).sort());
    expect(users.find((u) => u.username === "admin")!.isAdmin).toBe(true);
    expect(users.find((u) => u.username === "mentor")!.isMentor).toBe(true);
    expect(users.find((u) => u.username === "partner")!.isPartner).toBe(true);
    expect(users.find((u) => u.username === "member")!.isAdmin).toBe(false);
  });

  it("has content for every screen: pages, events of both sources, forum, library, blog", async () => {
    for (const page of ["home", "about", "membership", "community"]) {
      expect(await count(t.contentSections, sql`page = ${page}`)).toBeGreaterThan(0);
    }
    expect(await count(t.events, sql`source = 'luma'`)).toBeGreaterThan(0);
    expect(await count(t.events, sql`source = 'internal'`)).toBeGreaterThan(0);
    expect(await count(t.forumCategories)).toBeGreaterThan(0);
    expect(await count(t.forumTopics)).toBeGreaterThan(0);
    expect(await count(t.forumPosts)).toBeGreaterThan(0);
    // The demo's own posts, by slug: other files sharing this database publish posts of their own.
    const demoSlugs = DEMO_BLOG_POSTS.map((post) => post.slug);
    expect(await count(t.blogPosts, sql`status = 'published' and slug in ${demoSlugs}`)).toBe(demoSlugs.length);
    expect(demoSlugs).toHaveLength(6);
    const types = await testDb().selectDistinct({ type: t.contentItems.contentType }).from(t.contentItems);
    expect(types.map((r) => r.type).sort()).toEqual([...CONTENT_TYPES].sort());
  });

  it("has applications in every status and payment transactions in every status", async () => {
    const appStatuses = await testDb().selectDistinct({ s: t.applications.status }).from(t.applications);
    expect(appStatuses.map((r) => r.s).sort()).toEqual([...APPLICATION_STATUSES].sort());
    const paymentStatuses = await testDb()
      .selectDistinct({ s: t.paymentTransactions.status })
      .from(t.paymentTransactions);
    // All but "authorized": a demo card hold could never be captured (no Stripe account knows it), so
    // the demo's pending applicant paid by bank transfer (docs/docs/decisions/010-membership-journey.md).
    expect(paymentStatuses.map((r) => r.s)).toEqual(
      expect.arrayContaining(PAYMENT_STATUSES.filter((s) => s !== "authorized")),
    );
    // A member paying by card and one by bank transfer, so both billing pages have something to show.
    const methods = await testDb().selectDistinct({ m: t.memberships.billingMethod }).from(t.memberships);
    expect(methods.map((r) => r.m)).toEqual(expect.arrayContaining(["card", "manual"]));
  });
});
