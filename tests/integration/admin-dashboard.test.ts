import { eq, inArray, sql } from "drizzle-orm";
import { applications, eventRsvps, events, memberships, paymentTransactions, sessions, users } from "@/db/schema";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

afterAll(closeTestDb);

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

interface Dashboard {
  tiers: { tier: string | null; members: number }[];
  growth: { bucket: string; joined: number; total: number }[];
  funnel: { submitted: number; approved: number; paid: number; joined: number };
  money: { bucket: string; revenue: number; refunds: number }[];
  activity: {
    bucket: string;
    rsvps: number;
    topics: number;
    replies: number;
    comments: number;
    libraryViews: number;
  }[];
}

const tierCount = (d: Dashboard, tier: string) => d.tiers.find((t) => t.tier === tier)!.members;
const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

describe("the admin dashboard", () => {
  it("is for administrators only", async () => {
    const member = await createTestUser();
    expect((await call("/api/admin/dashboard")).status).toBe(401);
    expect((await call("/api/admin/dashboard", { cookie: await signIn(member.username, TEST_PASSWORD) })).status).toBe(
      403,
    );
  });

  it("counts exactly the seeded rows in each period", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    const read = async (period: string): Promise<Dashboard> => {
      const response = await call(`/api/admin/dashboard?period=${period}`, { cookie });
      expect(response.status).toBe(200);
      return response.json;
    };
    const before = { d30: await read("30d"), d90: await read("90d"), m12: await read("12m") };
    expect(before.d30.growth).toHaveLength(31);
    expect(before.m12.growth.length).toBeGreaterThanOrEqual(12);

    // Members: two joined 10 days ago, one 60 days ago, one 200 days ago; a disabled one never counts.
    const joined = [
      await createTestUser({ membershipLevel: "play" }),
      await createTestUser({ membershipLevel: "play" }),
      await createTestUser({ membershipLevel: "play" }),
      await createTestUser({ membershipLevel: "play" }),
    ];
    const disabled = await createTestUser({ membershipLevel: "play", disabledAt: new Date() });
    for (const [user, days] of [
      [joined[0]!, 10],
      [joined[1]!, 10],
      [joined[2]!, 60],
      [joined[3]!, 200],
      [disabled, 10],
    ] as const) {
      await testDb()
        .update(users)
        .set({ createdAt: daysAgo(days) })
        .where(eq(users.id, user.id));
    }

    // Applications 5 days ago: 4 submitted, 2 approved, 1 paid, 1 joined; one 60 days ago (approved).
    const application = (days: number, status: "pending" | "approved", userId: number | null = null) => ({
      firstName: "Dash",
      lastName: "Board",
      email: `dash-${Math.random().toString(36).slice(2)}@example.test`,
      phone: "555",
      heardAbout: "friend",
      whyJoin: "to see the dashboard count me",
      membershipTier: "play",
      agreeTerms: true,
      status,
      userId,
      createdAt: daysAgo(days),
    });
    const apps = await testDb()
      .insert(applications)
      .values([
        application(5, "pending"),
        application(5, "approved", joined[0]!.id),
        application(5, "approved"),
        application(60, "approved"),
        application(5, "pending"),
      ])
      .returning({ id: applications.id });

    // Money: a first payment (9000) and a refund (2000) 20 days ago, a renewal (5000) 60 days ago; a failed charge never counts.
    const payment = (
      days: number,
      kind: "payment" | "renewal" | "refund",
      amount: number,
      status: "completed" | "failed" = "completed",
      applicationId: number | null = null,
    ) => ({ kind, amount, status, paymentMethod: "card", applicationId, createdAt: daysAgo(days) });
    await testDb()
      .insert(paymentTransactions)
      .values([
        payment(20, "payment", 9000, "completed", apps[1]!.id),
        payment(20, "refund", 2000),
        payment(60, "renewal", 5000),
        payment(20, "payment", 1000, "failed", apps[2]!.id),
        // Paid by bank transfer before review: money in, but not a step of the funnel until she is approved.
        payment(4, "payment", 3000, "completed", apps[4]!.id),
      ]);

    // Activity now: one RSVP going and one cancelled, a topic and a reply.
    const [event] = await testDb()
      .insert(events)
      .values({
        source: "internal",
        title: "Dashboard evening",
        startsAt: new Date(Date.now() + 7 * DAY),
        timezone: "UTC",
      })
      .returning();
    await testDb()
      .insert(eventRsvps)
      .values([
        { eventId: event!.id, userId: joined[0]!.id },
        { eventId: event!.id, userId: joined[1]!.id, status: "cancelled" },
      ]);
    const poster = await signIn(joined[0]!.username, TEST_PASSWORD);
    const categories = await call("/api/forum/categories", { cookie: poster });
    const open = categories.json.find(
      (c: { requiredMembershipLevel: string | null }) => c.requiredMembershipLevel === null,
    );
    const topic = await call("/api/forum/topics", {
      cookie: poster,
      body: {
        categoryId: open.id,
        title: "Counting on the dashboard",
        content: "A topic the dashboard should count once.",
      },
    });
    expect(topic.status).toBe(201);
    expect(
      (
        await call("/api/forum/posts", {
          cookie: poster,
          body: { topicId: topic.json.id, content: "And one reply to count." },
        })
      ).status,
    ).toBe(201);

    const after = { d30: await read("30d"), d90: await read("90d"), m12: await read("12m") };
    // Members by tier are today's, whatever the period; the disabled member is left out.
    expect(tierCount(after.d30, "play") - tierCount(before.d30, "play")).toBe(4);
    const joinedIn = (d: Dashboard) => sum(d.growth, (g) => g.joined);
    expect(joinedIn(after.d30) - joinedIn(before.d30)).toBe(2);
    expect(joinedIn(after.d90) - joinedIn(before.d90)).toBe(3);
    expect(joinedIn(after.m12) - joinedIn(before.m12)).toBe(4);
    expect(after.d30.growth.at(-1)!.total - before.d30.growth.at(-1)!.total).toBe(4);
    const tenDaysAgo = daysAgo(10).toISOString().slice(0, 10);
    expect(
      after.d30.growth.find((g) => g.bucket === tenDaysAgo)!.joined -
        before.d30.growth.find((g) => g.bucket === tenDaysAgo)!.joined,
    ).toBe(2);

    const funnelDelta = (a: Dashboard, b: Dashboard) =>
      Object.fromEntries(Object.entries(a.funnel).map(([k, v]) => [k, v - b.funnel[k as keyof Dashboard["funnel"]]]));
    expect(funnelDelta(after.d30, before.d30)).toEqual({ submitted: 4, approved: 2, paid: 1, joined: 1 });
    expect(funnelDelta(after.d90, before.d90)).toEqual({ submitted: 5, approved: 3, paid: 1, joined: 1 });
    // Each stage is part of the one before it, so the bars never grow.
    for (const { funnel } of [after.d30, after.d90, after.m12])
      expect(
        funnel.submitted >= funnel.approved && funnel.approved >= funnel.paid && funnel.paid >= funnel.joined,
      ).toBe(true);

    const moneyDelta = (a: Dashboard, b: Dashboard) => ({
      revenue: sum(a.money, (m) => m.revenue) - sum(b.money, (m) => m.revenue),
      refunds: sum(a.money, (m) => m.refunds) - sum(b.money, (m) => m.refunds),
    });
    expect(moneyDelta(after.d30, before.d30)).toEqual({ revenue: 12000, refunds: 2000 });
    expect(moneyDelta(after.d90, before.d90)).toEqual({ revenue: 17000, refunds: 2000 });

    const activityDelta = (key: "rsvps" | "topics" | "replies") =>
      sum(after.d30.activity, (a) => a[key]) - sum(before.d30.activity, (a) => a[key]);
    expect([activityDelta("rsvps"), activityDelta("topics"), activityDelta("replies")]).toEqual([1, 1, 1]);

    // Leave the shared test database's recent figures as they were for other tests.
    await testDb().delete(eventRsvps).where(eq(eventRsvps.eventId, event!.id));
    await testDb()
      .delete(paymentTransactions)
      .where(
        inArray(
          paymentTransactions.applicationId,
          apps.map((a) => a.id),
        ),
      );
  });
});

describe("the dashboard's daily rollups", () => {
  it("agree, day by day (and members by tier), with counting the rows, after inserts, updates and deletes of every table they count", async () => {
    const member = await createTestUser({ membershipLevel: "create" });
    const other = await createTestUser({ membershipLevel: "play" });
    await testDb()
      .update(users)
      .set({ createdAt: daysAgo(400) })
      .where(eq(users.id, other.id));
    await testDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, member.id));
    const [paid] = await testDb()
      .insert(paymentTransactions)
      .values({ kind: "renewal", amount: 4321, status: "completed", paymentMethod: "card", createdAt: daysAgo(3) })
      .returning();
    await testDb().update(paymentTransactions).set({ status: "refunded" }).where(eq(paymentTransactions.id, paid!.id));
    await testDb()
      .update(paymentTransactions)
      .set({ createdAt: daysAgo(33) })
      .where(eq(paymentTransactions.id, paid!.id));
    const [event] = await testDb()
      .insert(events)
      .values({
        source: "internal",
        title: "Rollup evening",
        startsAt: new Date(Date.now() + 3 * DAY),
        timezone: "UTC",
      })
      .returning();
    await testDb().insert(eventRsvps).values({ eventId: event!.id, userId: other.id });
    await testDb().update(eventRsvps).set({ status: "cancelled" }).where(eq(eventRsvps.eventId, event!.id));
    await testDb().delete(events).where(eq(events.id, event!.id)); // the RSVP goes with it (cascade)

    const { rows: differences } = await testDb().execute(sql`
      with counted as (
        select day, sum(joined)::int as joined, sum(revenue)::bigint as revenue, sum(refunds)::bigint as refunds, sum(rsvps)::int as rsvps,
               sum(topics)::int as topics, sum(replies)::int as replies, sum(comments)::int as comments, sum(library_views)::int as library_views
        from (
          select (created_at at time zone 'UTC')::date as day, (disabled_at is null and erased_at is null)::int as joined, 0::bigint as revenue, 0::bigint as refunds, 0 as rsvps, 0 as topics, 0 as replies, 0 as comments, 0 as library_views from users
          union all select (created_at at time zone 'UTC')::date, 0, case when kind in ('payment', 'renewal', 'upgrade') and status in ('completed', 'refunded') then amount else 0 end, case when kind = 'refund' and status in ('completed', 'refunded') then amount else 0 end, 0, 0, 0, 0, 0 from payment_transactions
          union all select (created_at at time zone 'UTC')::date, 0, 0, 0, (status = 'going')::int, 0, 0, 0, 0 from event_rsvps
          union all select (created_at at time zone 'UTC')::date, 0, 0, 0, 0, 1, 0, 0, 0 from forum_topics
          union all select (created_at at time zone 'UTC')::date, 0, 0, 0, 0, 0, 1, 0, 0 from forum_posts
          union all select (created_at at time zone 'UTC')::date, 0, 0, 0, 0, 0, 0, 1, 0 from content_comments
          union all select day, 0, 0, 0, 0, 0, 0, 0, 1 from content_item_views
        ) rows group by day
      ),
      rolled as (select day, joined, revenue, refunds, rsvps, topics, replies, comments, library_views from activity_daily),
      -- A day whose figures are all zero is the same as no row.
      counted_days as (select * from counted where (joined, revenue, refunds, rsvps, topics, replies, comments, library_views) <> (0, 0, 0, 0, 0, 0, 0, 0)),
      rolled_days as (select * from rolled where (joined, revenue, refunds, rsvps, topics, replies, comments, library_views) <> (0, 0, 0, 0, 0, 0, 0, 0))
      (select 'counted' as side, * from counted_days except select 'counted', * from rolled_days)
      union all
      (select 'rolled', * from rolled_days except select 'rolled', * from counted_days)`);
    expect(differences).toEqual([]);
    // And today's members by tier.
    const { rows: tiers } = await testDb().execute(sql`
      (select coalesce(membership_level, '') as tier, count(*)::int as members from users where disabled_at is null and erased_at is null group by 1
       except select tier, members from members_by_tier where members <> 0)
      union all
      (select tier, members from members_by_tier where members <> 0
       except select coalesce(membership_level, ''), count(*)::int from users where disabled_at is null and erased_at is null group by 1)`);
    expect(tiers).toEqual([]);
    await testDb().delete(paymentTransactions).where(eq(paymentTransactions.id, paid!.id));
  });
});

describe("the applications funnel", () => {
  it("counts as joined only applications that passed paid: an account made without a recorded payment is no step", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    const funnel = async () => {
      const response = await call("/api/admin/dashboard?period=30d", { cookie });
      expect(response.status).toBe(200);
      return response.json.funnel as Dashboard["funnel"];
    };
    const before = await funnel();
    const member = await createTestUser();
    await testDb()
      .insert(applications)
      .values({
        firstName: "No",
        lastName: "Payment",
        email: `funnel-${Math.random().toString(36).slice(2)}@example.test`,
        phone: "555",
        heardAbout: "friend",
        whyJoin: "made a member by hand",
        membershipTier: "connect",
        agreeTerms: true,
        status: "approved",
        userId: member.id,
      });
    const after = await funnel();
    expect({
      submitted: after.submitted - before.submitted,
      approved: after.approved - before.approved,
      paid: after.paid - before.paid,
      joined: after.joined - before.joined,
    }).toEqual({ submitted: 1, approved: 1, paid: 0, joined: 0 });
  });
});

describe("the dashboard's headline figures", () => {
  interface Headline {
    membersByStatus: { active: number; disabled: number; deletionPending: number };
    applicationsWaiting: number;
    monthlyRecurringRevenue: number;
    activeThisMonth: number;
    monthStart: string;
  }

  /** The same figures counted the plain way, straight from the rows. */
  async function countedFromRows(): Promise<Omit<Headline, "monthStart">> {
    const { rows } = await testDb().execute<
      Omit<Headline, "monthStart" | "membersByStatus"> & Record<string, number>
    >(sql`
      select
        (select count(*) from users where erased_at is null and disabled_at is null and deletion_requested_at is null)::int as active,
        (select count(*) from users where erased_at is null and disabled_at is not null)::int as disabled,
        (select count(*) from users where erased_at is null and disabled_at is null and deletion_requested_at is not null)::int as pending,
        (select count(*) from applications where status = 'pending')::int as "applicationsWaiting",
        (select coalesce(sum(t.monthly_price_cents), 0) from memberships m join membership_tiers t on t.id = m.tier
           where m.status in ('active', 'past_due') and m.billing_method in ('card', 'manual'))::int as "monthlyRecurringRevenue",
        (select count(*) from users u where exists (select 1 from sessions s where s.user_id = u.id
           and s.last_seen_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'))::int as "activeThisMonth"`);
    const { active, disabled, pending, ...rest } = rows[0]!;
    return { membersByStatus: { active, disabled, deletionPending: pending }, ...rest } as Omit<Headline, "monthStart">;
  }

  it("counts members by status, applications waiting, monthly recurring revenue and members active this month exactly", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    const read = async (): Promise<Headline> => {
      const response = await call("/api/admin/dashboard?period=30d", { cookie });
      expect(response.status).toBe(200);
      return response.json.headline;
    };
    const before = await read();

    // Members: two active, one disabled, one waiting for erasure, one erased (counted nowhere).
    const [active1, active2] = [await createTestUser(), await createTestUser()];
    await createTestUser({ disabledAt: new Date() });
    await createTestUser({ deletionRequestedAt: new Date() });
    await createTestUser({ erasedAt: new Date(), disabledAt: new Date() });
    // Applications: two waiting, one approved; memberships of the tiers' prices by status and method.
    const application = (status: "pending" | "approved") => ({
      firstName: "Head",
      lastName: "Line",
      email: `headline-${Math.random().toString(36).slice(2)}@example.test`,
      phone: "555",
      heardAbout: "friend",
      whyJoin: "to be counted",
      membershipTier: "create",
      agreeTerms: true,
      status,
    });
    await testDb()
      .insert(applications)
      .values([application("pending"), application("pending")]);
    const paid = await testDb()
      .insert(applications)
      .values(Array.from({ length: 5 }, () => application("approved")))
      .returning({ id: applications.id });
    const membership = (
      i: number,
      tier: string,
      status: "active" | "past_due" | "trialing" | "canceled",
      billingMethod: "card" | "manual" | "trial",
    ) => ({
      applicationId: paid[i]!.id,
      tier,
      status,
      billingMethod,
      startedAt: new Date(),
      termEndsAt: new Date(Date.now() + 180 * DAY),
    });
    await testDb()
      .insert(memberships)
      .values([
        membership(0, "create", "active", "card"), // 5000
        membership(1, "play", "past_due", "card"), // 7500
        membership(2, "connect", "active", "manual"), // 3000
        membership(3, "empower", "trialing", "trial"), // nothing yet
        membership(4, "play", "canceled", "card"), // nothing any more
      ]);
    // Sessions: active1 twice this month (counted once), active2 last seen before the month began.
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const session = (userId: number, lastSeenAt: Date) => ({
      userId,
      lastSeenAt,
      createdAt: lastSeenAt,
      expiresAt: new Date(Date.now() + DAY),
    });
    await testDb()
      .insert(sessions)
      .values([
        session(active1.id, new Date()),
        session(active1.id, new Date()),
        session(active2.id, new Date(monthStart.getTime() - 60_000)),
      ]);

    const after = await read();
    expect(after.membersByStatus.active - before.membersByStatus.active).toBe(2);
    expect(after.membersByStatus.disabled - before.membersByStatus.disabled).toBe(1);
    expect(after.membersByStatus.deletionPending - before.membersByStatus.deletionPending).toBe(1);
    expect(after.applicationsWaiting - before.applicationsWaiting).toBe(2);
    expect(after.monthlyRecurringRevenue - before.monthlyRecurringRevenue).toBe(15_500);
    expect(after.activeThisMonth - before.activeThisMonth).toBe(1);
    expect(new Date(after.monthStart).toISOString()).toBe(monthStart.toISOString());
    // And every figure is what counting the rows gives. Members active this month are her months'
    // records (a session keeps only its latest sighting), never fewer than the sessions seen this month.
    const { monthStart: _, activeThisMonth, ...figures } = after;
    const { activeThisMonth: sessionsSeen, ...counted } = await countedFromRows();
    expect(figures).toEqual(counted);
    const { rows } = await testDb().execute<{ n: number }>(
      sql`select count(*)::int as n from member_active_months where month = date_trunc('month', now() at time zone 'UTC')::date`,
    );
    expect(activeThisMonth).toBe(rows[0]!.n);
    expect(activeThisMonth).toBeGreaterThanOrEqual(sessionsSeen);
  });
});
