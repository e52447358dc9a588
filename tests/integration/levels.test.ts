import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { forumCategories, forumPosts, forumTopics, memberPoints, pointEntries, users } from "@/db/schema";
import { DEFAULT_LEVELS, LEADERBOARD_SIZE } from "@/features/levels/constants";
import type { Leaderboard } from "@/features/levels/types";
import { adminViewer, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { closeInProcessApp } from "../support/in-process";
import { call, signIn } from "../support/http";

afterAll(closeInProcessApp);

const tag = () => randomUUID().slice(0, 8);
const DAY = 86_400_000;

async function member(overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({ membershipLevel: "connect", ...overrides });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}
type Member = Awaited<ReturnType<typeof member>>;

let topicId: number;
let admin: Member;

beforeAll(async () => {
  const t = tag();
  const [category] = await testDb()
    .insert(forumCategories)
    .values({ name: `Points ${t}`, slug: `points-${t}`, description: "Points" })
    .returning();
  admin = await member({ membershipLevel: null, isAdmin: true });
  const [topic] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Points ${t}`,
      slug: `points-${t}`,
      content: "Opening",
      categoryId: category!.id,
      userId: admin.user.id,
    })
    .returning();
  topicId = topic!.id;
});

async function reply(author: Member, inTopic = topicId) {
  const [row] = await testDb()
    .insert(forumPosts)
    .values({ topicId: inTopic, userId: author.user.id, content: `A reply ${tag()}` })
    .returning();
  return row!.id;
}

const react = (who: Member, postId: number, reactionType = "heart") =>
  call("/api/forum/reactions", { method: "POST", cookie: who.cookie, body: { postId, reactionType } });

/** Her kept 7- and 30-day windows, and the same windows counted afresh from the ledger. */
async function windowsOf(userId: number) {
  const [row] = (
    await testDb().execute<{ week: number; month: number; ledger_week: number; ledger_month: number }>(sql`
      select coalesce(m.week_points, 0) as week, coalesce(m.month_points, 0) as month,
        (select coalesce(sum(points), 0)::int from point_entries e where e.user_id = u.id
          and (e.created_at at time zone 'UTC')::date > (now() at time zone 'UTC')::date - 7) as ledger_week,
        (select coalesce(sum(points), 0)::int from point_entries e where e.user_id = u.id
          and (e.created_at at time zone 'UTC')::date > (now() at time zone 'UTC')::date - 30) as ledger_month
      from users u left join member_points m on m.user_id = u.id where u.id = ${userId}`)
  ).rows;
  return row!;
}

/** Her kept total and windows, and the ledger's sums for her: they must always agree. */
async function pointsOf(userId: number) {
  const [kept] = await testDb()
    .select({ points: memberPoints.points })
    .from(memberPoints)
    .where(eq(memberPoints.userId, userId));
  const [ledger] = await testDb()
    .select({ points: sql<number>`coalesce(sum(${pointEntries.points}), 0)::int` })
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId));
  expect(kept?.points ?? 0).toBe(ledger!.points);
  const windows = await windowsOf(userId);
  expect([windows.week, windows.month]).toEqual([windows.ledger_week, windows.ledger_month]);
  return ledger!.points;
}

describe("points for reactions", () => {
  it("gives one point per reactor and reply, whatever the kinds, and takes it back with her last reaction", async () => {
    const [author, reactor] = await Promise.all([member(), member()]);
    const postId = await reply(author);
    expect((await react(reactor, postId, "heart")).status).toBe(200);
    expect(await pointsOf(author.user.id)).toBe(1);
    await react(reactor, postId, "like");
    expect(await pointsOf(author.user.id)).toBe(1);
    await react(reactor, postId, "heart");
    expect(await pointsOf(author.user.id)).toBe(1);
    await react(reactor, postId, "like");
    expect(await pointsOf(author.user.id)).toBe(0);
    expect(await pointsOf(reactor.user.id)).toBe(0);
  });

  it("gives nothing for her own reaction", async () => {
    const author = await member();
    const postId = await reply(author);
    expect((await react(author, postId)).status).toBe(200);
    expect(await pointsOf(author.user.id)).toBe(0);
  });

  it("gives nothing between members one of whom blocked the other, and takes back what was given at the block", async () => {
    const [author, reactor, blocked] = await Promise.all([member(), member(), member()]);
    const postId = await reply(author);
    await call("/api/forum/blocks", { method: "POST", cookie: author.cookie, body: { userId: blocked.user.id } });
    await react(blocked, postId);
    expect(await pointsOf(author.user.id)).toBe(0);

    await react(reactor, postId);
    expect(await pointsOf(author.user.id)).toBe(1);
    await call("/api/forum/blocks", { method: "POST", cookie: reactor.cookie, body: { userId: author.user.id } });
    expect(await pointsOf(author.user.id)).toBe(0);
    await call(`/api/forum/blocks/${author.user.id}`, { method: "DELETE", cookie: reactor.cookie });
    expect(await pointsOf(author.user.id)).toBe(0 + 1);
  });

  it("takes the points of a removed reply back, and gives them again when it is restored", async () => {
    const [author, a, b] = await Promise.all([member(), member(), member()]);
    const postId = await reply(author);
    await Promise.all([react(a, postId), react(b, postId)]);
    expect(await pointsOf(author.user.id)).toBe(2);
    const moderate = (decision: string) =>
      call(`/api/admin/forum/posts/${postId}/moderation`, {
        method: "POST",
        cookie: admin.cookie,
        body: { decision, note: "" },
      });
    expect((await moderate("remove")).status).toBe(200);
    expect(await pointsOf(author.user.id)).toBe(0);
    expect((await moderate("restore")).status).toBe(200);
    expect(await pointsOf(author.user.id)).toBe(2);
  });

  it("takes the points back when the reply or the reactor's account is deleted", async () => {
    const [author, reactor, leaving] = await Promise.all([member(), member(), member()]);
    const kept = await reply(author);
    const deleted = await reply(author);
    await Promise.all([react(reactor, kept), react(reactor, deleted), react(leaving, kept)]);
    expect(await pointsOf(author.user.id)).toBe(3);
    expect((await call(`/api/forum/posts/${deleted}`, { method: "DELETE", cookie: author.cookie })).status).toBe(200);
    await testDb().delete(users).where(eq(users.id, leaving.user.id));
    expect(await pointsOf(author.user.id)).toBe(1);
  });

  it("stays exact under members reacting and taking reactions back at the same time", async () => {
    const author = await member();
    const reactors = await Promise.all(Array.from({ length: 8 }, () => member()));
    const posts = await Promise.all([reply(author), reply(author), reply(author)]);
    const kinds = ["like", "heart", "smile"];
    // Each reactor presses a shuffled run of kinds on every reply, all at once: odd presses of a kind leave it on.
    await Promise.all(
      reactors.flatMap((who, r) =>
        posts.map(async (postId, p) => {
          for (let press = 0; press < 5; press++) await react(who, postId, kinds[(r + p + press * 2) % 3]!);
        }),
      ),
    );
    const [expected] = (
      await testDb().execute<{ count: number }>(sql`
        select count(distinct (post_id, user_id))::int as count from forum_reactions
        where post_id in (${sql.join(posts, sql`, `)}) and user_id <> ${author.user.id}`)
    ).rows;
    expect(expected!.count).toBeGreaterThan(0);
    expect(await pointsOf(author.user.id)).toBe(expected!.count);
  });

  it("keeps each member's days summing to her total", async () => {
    const rows = await testDb().execute<{ user_id: number }>(sql`
      select m.user_id from member_points m
      left join (select user_id, sum(points) as points from member_points_daily group by user_id) d on d.user_id = m.user_id
      where m.points <> coalesce(d.points, 0)`);
    expect(rows.rows).toEqual([]);
  });
});

describe("levels", () => {
  const ladder = () => DEFAULT_LEVELS.map((level) => ({ ...level }));
  const put = (cookie: string | undefined, levels: unknown) =>
    call("/api/admin/levels", { method: "PUT", cookie, body: { levels } });

  afterAll(async () => {
    await put(admin.cookie, ladder());
  });

  it("refuses thresholds that do not rise, do not start at 0, and names empty or too long", async () => {
    const cases = [
      ladder().map((l, i) => (i === 4 ? { ...l, minPoints: 65 } : l)),
      ladder().map((l, i) => (i === 0 ? { ...l, minPoints: 3 } : l)),
      ladder().map((l, i) => (i === 2 ? { ...l, name: "" } : l)),
      ladder().map((l, i) => (i === 2 ? { ...l, name: "A name far too long for a level" } : l)),
      ladder().slice(0, 8),
    ];
    for (const levels of cases) expect((await put(admin.cookie, levels)).status).toBe(400);
    const refused = await put(admin.cookie, cases[0]);
    expect(refused.json.fields).toEqual({ "levels.4.minPoints": "Level 5 must need more points than level 4" });
  });

  it("lets only administrators change them, and every member's level follows", async () => {
    const her = await member();
    const other = await member();
    const [home] = await testDb()
      .select({ categoryId: forumTopics.categoryId })
      .from(forumTopics)
      .where(eq(forumTopics.id, topicId));
    const t = tag();
    const [quiet] = await testDb()
      .insert(forumTopics)
      .values({
        title: `Quiet ${t}`,
        slug: `quiet-${t}`,
        content: "Opening",
        categoryId: home!.categoryId,
        userId: her.user.id,
      })
      .returning();
    const postId = await reply(her, quiet!.id);
    await react(other, postId);
    const levelOnProfile = async () =>
      (await call(`/api/users/${her.user.id}`, { cookie: other.cookie })).json.pointsLevel;
    expect(await levelOnProfile()).toEqual({ level: 1, name: "Newcomer" });

    const easier = ladder().map((l, i) => (i === 1 ? { ...l, name: "First Point", minPoints: 1 } : l));
    expect((await put(her.cookie, easier)).status).toBe(403);
    expect((await put(undefined, easier)).status).toBe(401);
    expect((await call("/api/admin/levels", { cookie: her.cookie })).status).toBe(403);
    const saved = await put(admin.cookie, easier);
    expect(saved.status).toBe(200);
    expect(saved.json.levels[1]).toEqual({ level: 2, name: "First Point", minPoints: 1 });
    expect(await levelOnProfile()).toEqual({ level: 2, name: "First Point" });

    const own = (await call(`/api/users/${her.user.id}`, { cookie: her.cookie })).json.standing;
    expect(own).toEqual({
      points: 1,
      level: { level: 2, name: "First Point", minPoints: 1 },
      next: { level: 3, name: "Regular", minPoints: 20, pointsNeeded: 19 },
    });
    const replies = (await call(`/api/forum/topics/${quiet!.id}/posts`, { cookie: other.cookie })).json.posts;
    expect(replies.find((p: { id: number }) => p.id === postId).user.pointsLevel).toEqual({
      level: 2,
      name: "First Point",
    });
  });
});

describe("the leaderboard", () => {
  /** Points earned `daysAgo`, as a completed course would give them. */
  async function earned(userId: number, points: number, daysAgo: number) {
    await testDb()
      .insert(pointEntries)
      .values({
        userId,
        reason: "course",
        sourceId: Math.floor(Math.random() * 1e9),
        points,
        createdAt: new Date(Date.now() - daysAgo * DAY),
      });
  }
  const board = async (who: Member, window: string) =>
    (await call(`/api/leaderboard?window=${window}`, { cookie: who.cookie })).json as Leaderboard;
  const ids = (data: Leaderboard) => data.entries.map((entry) => entry.id);

  it("ranks each window by the points earned in it, and leaves out hidden and disabled members", async () => {
    const [recent, lastMonth, longAgo, hidden, disabled] = await Promise.all([
      member(),
      member(),
      member(),
      member({ hiddenFromDirectory: true }),
      member(),
    ]);
    await earned(recent.user.id, 90_000, 1);
    await earned(lastMonth.user.id, 80_000, 12);
    await earned(longAgo.user.id, 95_000, 45);
    await earned(hidden.user.id, 99_000, 0);
    await earned(disabled.user.id, 99_000, 0);
    await testDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));

    const week = await board(recent, "7d");
    expect(ids(week).slice(0, 1)).toEqual([recent.user.id]);
    expect(ids(week)).not.toContain(lastMonth.user.id);
    expect(week.mine).toEqual({ points: 90_000, rank: 1 });
    expect(week.entries[0]).toMatchObject({ rank: 1, points: 90_000, level: { level: 9, name: "Legend" } });

    expect(ids(await board(recent, "30d")).slice(0, 2)).toEqual([recent.user.id, lastMonth.user.id]);
    expect(ids(await board(recent, "all")).slice(0, 3)).toEqual([longAgo.user.id, recent.user.id, lastMonth.user.id]);
    for (const window of ["7d", "30d", "all"]) {
      const data = await board(recent, window);
      expect(ids(data)).not.toContain(hidden.user.id);
      expect(ids(data)).not.toContain(disabled.user.id);
    }
    expect((await board(hidden, "all")).mine).toBeNull();
    expect((await board(longAgo, "7d")).mine).toEqual({ points: 0, rank: null });
  });

  it("ranks her below the board among the listed members ahead of her, hidden and disabled ones left out", async () => {
    const her = await member();
    // A board's worth of listed members ahead of her in every window, and unlisted ones among them.
    await earned(her.user.id, 3, 0);
    const listed = await Promise.all(Array.from({ length: LEADERBOARD_SIZE }, () => createTestUser()));
    for (const who of listed) await earned(who.id, 5, 0);
    const ahead = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createTestUser({ hiddenFromDirectory: i % 2 === 0 })),
    );
    for (const who of ahead) await earned(who.id, 4, 0);
    await testDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, ahead[1]!.id));
    for (const [window, days] of [
      ["7d", 7],
      ["30d", 30],
      ["all", 100_000],
    ] as const) {
      const data = await board(her, window);
      expect(ids(data)).not.toContain(her.user.id);
      const [{ rank: listedAhead }] = (
        await testDb().execute<{ rank: number }>(sql`
        with points as (
          select e.user_id, sum(e.points) as points from point_entries e
          where (e.created_at at time zone 'UTC')::date > (now() at time zone 'UTC')::date - ${days}::int
          group by e.user_id
        )
        select count(*)::int + 1 as rank from points p join users u on u.id = p.user_id
        where not u.hidden_from_directory and u.disabled_at is null
          and p.points > (select points from points where user_id = ${her.user.id})`)
      ).rows as [{ rank: number }];
      expect(data.mine).toEqual({ points: 3, rank: listedAhead });
    }
  });

  it("keeps each window with every entry earned or taken back, however long ago it was earned", async () => {
    const her = await member();
    await earned(her.user.id, 3, 0);
    await earned(her.user.id, 5, 6);
    await earned(her.user.id, 7, 20);
    await earned(her.user.id, 11, 45);
    expect(await pointsOf(her.user.id)).toBe(26);
    expect(await windowsOf(her.user.id)).toMatchObject({ week: 8, month: 15 });
    await testDb()
      .delete(pointEntries)
      .where(and(eq(pointEntries.userId, her.user.id), eq(pointEntries.points, 5)));
    expect(await pointsOf(her.user.id)).toBe(21);
    expect(await windowsOf(her.user.id)).toMatchObject({ week: 3, month: 10 });
  });

  it("drops points from a window on the day they leave it: at her next write, or the first board of the day", async () => {
    const [writer, idle] = await Promise.all([member(), member()]);
    for (const who of [writer, idle]) await earned(who.user.id, 40_000, 6);
    // A day passes: her row and her days as they stand a day after they were written.
    const dayPasses = async (userId: number) => {
      await testDb().execute(sql`update member_points_daily set day = day - 1 where user_id = ${userId}`);
      await testDb().execute(sql`update member_points set windows_day = windows_day - 1 where user_id = ${userId}`);
    };
    await dayPasses(writer.user.id);
    await dayPasses(idle.user.id);

    // Her next write counts her windows again: the entry of 7 days ago has left her week.
    await earned(writer.user.id, 2, 0);
    const afterWrite = await windowsOf(writer.user.id);
    expect([afterWrite.week, afterWrite.month]).toEqual([2, 40_002]);

    // The other member wrote nothing: the day's first board (here, this process's first) rolls her forward.
    expect((await windowsOf(idle.user.id)).week).toBe(40_000);
    const { readLeaderboard } = await import("@/server/levels");
    const viewer = { ...adminViewer(idle.user), isAdmin: false, membershipLevel: "connect" };
    const week = await readLeaderboard(viewer, "7d");
    expect(week.entries.map((entry) => entry.id)).not.toContain(idle.user.id);
    expect(week.mine).toEqual({ points: 0, rank: null });
    expect(await windowsOf(idle.user.id)).toMatchObject({ week: 0, month: 40_000 });
    const month = await readLeaderboard(viewer, "30d");
    expect(month.entries.find((entry) => entry.id === idle.user.id)).toMatchObject({ points: 40_000 });
  });

  it("is for signed-in members, and refuses an unknown window", async () => {
    const her = await member();
    expect((await call("/api/leaderboard")).status).toBe(401);
    expect((await call("/api/leaderboard?window=year", { cookie: her.cookie })).status).toBe(400);
    expect((await call("/api/leaderboard", { cookie: her.cookie })).json.window).toBe("30d");
  });
});

describe("the ledger", () => {
  it("refuses a second award for the same member and source, and an edited entry", async () => {
    const her = await member();
    const award = { userId: her.user.id, reason: "course", sourceId: 7, points: 10 };
    await testDb().insert(pointEntries).values(award);
    await expect(testDb().insert(pointEntries).values(award)).rejects.toThrow();
    await expect(
      testDb().update(pointEntries).set({ points: 99 }).where(eq(pointEntries.userId, her.user.id)),
    ).rejects.toThrow();
    expect(await pointsOf(her.user.id)).toBe(10);
  });

  it("is recomputed by an administrator: totals from the ledger, reaction points from the reactions", async () => {
    const [author, reactor] = await Promise.all([member(), member()]);
    const postId = await reply(author);
    await react(reactor, postId);
    // Changes made behind the application's back: a total edited, a reaction's point deleted.
    await testDb().insert(memberPoints).values({ userId: reactor.user.id, points: 500 });
    await testDb().update(memberPoints).set({ points: 40 }).where(eq(memberPoints.userId, author.user.id));
    await testDb().delete(pointEntries).where(eq(pointEntries.postId, postId));
    expect((await call("/api/admin/levels/recompute", { method: "POST", cookie: author.cookie })).status).toBe(403);
    // The request only queues the work: the server's job worker does it, however large the ledger.
    const queued = await call("/api/admin/levels/recompute", { method: "POST", cookie: admin.cookie });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ pending: true });
    const lastRecompute = async () =>
      (
        await testDb().execute<{ actor_id: number | null; details: { corrected: number } }>(
          sql`select actor_id, details from audit_log where action = 'levels.recompute' and actor_id = ${admin.user.id}
              order by id desc limit 1`,
        )
      ).rows[0];
    for (const deadline = Date.now() + 60_000; !(await lastRecompute()); await new Promise((r) => setTimeout(r, 250)))
      expect(Date.now()).toBeLessThan(deadline);
    expect((await lastRecompute())!.details.corrected).toBeGreaterThanOrEqual(2);
    expect(await pointsOf(reactor.user.id)).toBe(0);
    expect(await pointsOf(author.user.id)).toBe(1);
    const page = (await call("/admin/levels", { cookie: admin.cookie })).text.replace(/<!-- -->/g, "");
    expect(page).toMatch(
      /Last recomputed [A-Z][a-z]{2} \d+, \d{4} \d+:\d\d [AP]M: [\d,]+ ledger entries; [\d,]+ totals corrected\./,
    );
  });
});
