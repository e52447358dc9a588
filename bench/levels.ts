import { Pool } from "pg";
import { measureAgainstFloor } from "./lib/against-floor";
import { createDatabase } from "../src/db/client";
import { recomputePoints } from "../src/server/levels";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { benchSignIn, clientAddress, describeLoad, runLoad } from "./lib/load";
import { SIGNED_IN_FLOOR } from "./pages";

const MEMBERS = 10_000;
const ENTRIES = 1_000_000;
const REACTORS = 50;
const REPLIES = 100;
/** The leaderboard's p95 against the signed-in floor's p95 measured in turn with it. */
const LEADERBOARD_GOAL = 2;
const REACTIONS_PER_SECOND_GOAL = 1000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Members up to MEMBERS (password of the demo member), and ENTRIES ledger rows over the last 400 days.
 * The reactions' members (lvl_1 to lvl_REACTORS, and the replies' authors from lvl_1001) are made
 * whatever other benchmarks of the run added before.
 */
async function seed(pool: Pool): Promise<void> {
  await pool.query(
    `insert into users (username, email, password_hash, first_name, last_name, membership_level, hidden_from_directory)
     select 'lvl_' || g, 'lvl_' || g || '@example.com', (select password_hash from users where username = 'member'),
            'Level', 'Member ' || g, 'connect', g % 20 = 0
     from generate_series(1, greatest($2::int, $1::int - (select count(*)::int from users where username not like 'lvl\\_%'))) g
     on conflict do nothing`,
    [MEMBERS, 1000 + REPLIES],
  );
  // Through the ledger's triggers, as the application writes them (the totals and days follow each row).
  await pool.query(
    `with people as (select array_agg(id order by id) as ids from users)
     insert into point_entries (user_id, reason, points, source_id, created_at)
     select people.ids[1 + ((g::bigint * 7919) % array_length(people.ids, 1))::int], 'course', 1 + g % 10, g,
            now() - ((g % 400) || ' days')::interval - ((g % 1440) || ' minutes')::interval
     from people, generate_series((select coalesce(max(source_id), 0) + 1 from point_entries where reason = 'course'), $1::int) g`,
    [ENTRIES],
  );
}

/** A topic of REPLIES replies by bench members, and REACTORS signed-in members to react to them. */
async function arrangeReactions(app: BenchApp, pool: Pool) {
  const stamp = Date.now().toString(36);
  const {
    rows: [topic],
  } = await pool.query<{ id: number }>(
    `with c as (insert into forum_categories (name, slug, description) values ('Levels bench', 'levels-bench-' || $1::text, 'Bench') returning id)
     insert into forum_topics (title, slug, content, category_id, user_id)
     select 'Levels bench', 'levels-bench-' || $1::text, 'React to these', c.id, (select id from users where username = 'admin') from c returning id`,
    [stamp],
  );
  await pool.query(
    `insert into forum_posts (topic_id, user_id, content)
     select $1, (select id from users where username = 'lvl_' || (1000 + g)), 'A reply worth a reaction ' || g from generate_series(1, $2::int) g`,
    [topic!.id, REPLIES],
  );
  const { rows: posts } = await pool.query<{ id: number }>(
    "select id from forum_posts where topic_id = $1 order by id",
    [topic!.id],
  );
  const cookies: string[] = [];
  for (let r = 1; r <= REACTORS; r++) {
    const login = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl, "x-forwarded-for": clientAddress(r) },
      body: JSON.stringify({ username: `lvl_${r}`, password: "community-demo" }),
    });
    if (!login.ok) throw new Error(`Could not sign in lvl_${r}: ${login.status}`);
    cookies.push(
      login.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    );
  }
  return { topicId: topic!.id, postIds: posts.map((p) => p.id), cookies };
}

/**
 * With 10,000 members and 1,000,000 point entries: the leaderboard's three windows against the signed-in
 * floor (p95 within 2x), and reactions toggled on and off by 50 members at once on 100 replies (goal
 * 1,000 a second), with the points checked exact afterwards against the reactions themselves.
 */
export async function benchLevels(app: BenchApp): Promise<string[]> {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
  const lines: string[] = [];
  try {
    const seeding = Date.now();
    await seed(pool);
    const recomputing = Date.now();
    const { db, pool: recomputePool } = createDatabase(benchDatabaseUrl(app), 1);
    const recomputed = await recomputePoints(null, db).finally(() => recomputePool.end());
    // The seed moves each member's total and days a hundred times in one transaction, leaving 99% of
    // those tables dead rows; a live database's autovacuum clears such rows within minutes of a burst.
    for (const table of ["point_entries", "member_points", "member_points_daily", "users"])
      await pool.query(`vacuum analyze ${table}`);
    const counts = (
      await pool.query<{ members: number; entries: number }>(
        "select (select count(*)::int from users) as members, (select count(*)::int from point_entries) as entries",
      )
    ).rows[0]!;
    lines.push(
      `Levels: seeded to ${counts.members.toLocaleString("en-US")} members and ${counts.entries.toLocaleString("en-US")} point entries (through the triggers) in ${seconds(recomputing - seeding)}; the operator's recompute (npm run levels:recompute) took ${seconds(Date.now() - recomputing)} and corrected ${recomputed.corrected.toLocaleString("en-US")} totals (0 expected)`,
    );

    const cookie = await benchSignIn(app.baseUrl, "member");
    lines.push(`Leaderboard windows (20 connections, 6 s each, in 2 s turns with GET ${SIGNED_IN_FLOOR}):`);
    for (const measured of await measureAgainstFloor({
      baseUrl: app.baseUrl,
      headers: { cookie },
      floorPath: SIGNED_IN_FLOOR,
      paths: ["7d", "30d", "all"].map((window) => ({
        label: `Leaderboard ${window}`,
        path: `/api/leaderboard?window=${window}`,
      })),
    })) {
      const ratio = measured.result.p95 / measured.floor.p95;
      lines.push(
        `  ${describeLoad(`${measured.label} GET ${measured.path}`, measured.result)}; p95 ${ratio.toFixed(2)}x the floor's ${measured.floor.p95.toFixed(0)} ms (goal: within ${LEADERBOARD_GOAL}x: ${ratio <= LEADERBOARD_GOAL ? "met" : "NOT met"})`,
      );
    }

    const { topicId, postIds, cookies } = await arrangeReactions(app, pool);
    // The signed-in floor at the same connections just before: no route answers faster than it, so
    // it says what share of this machine's request rate a reaction takes.
    const floor = await runLoad({
      url: `${app.baseUrl}${SIGNED_IN_FLOOR}`,
      connections: REACTORS,
      seconds: 10,
      headers: { cookie: cookies[0]! },
    });
    const kinds = ["like", "heart", "smile"];
    // Each press toggles: the same member presses the same reply and kind again within the run, so
    // reactions are added and taken back at the same time, on the same replies, by the same members.
    const result = await runLoad({
      url: `${app.baseUrl}/api/forum/reactions`,
      method: "POST",
      connections: REACTORS,
      seconds: 10,
      eachRequest: (n) => ({
        body: { postId: postIds[(n * 7) % postIds.length], reactionType: kinds[n % kinds.length] },
        headers: { cookie: cookies[n % cookies.length]!, origin: app.baseUrl },
      }),
    });
    const rate = result.requestsPerSecond;
    lines.push(
      `${describeLoad(`Reactions POST /api/forum/reactions, ${REACTORS} members on ${REPLIES} replies (${REACTORS} connections, 10 s)`, result)}; ${Math.round((100 * rate) / floor.requestsPerSecond)}% of the signed-in floor just before (GET ${SIGNED_IN_FLOOR} ${floor.requestsPerSecond.toFixed(1)} req/s); goal ${REACTIONS_PER_SECOND_GOAL.toLocaleString("en-US")}/s: ${rate >= REACTIONS_PER_SECOND_GOAL ? "met" : "NOT met"}${floor.requestsPerSecond < REACTIONS_PER_SECOND_GOAL ? " (the floor itself is under it on this machine)" : ""}`,
    );
    const check = (
      await pool.query<{ expected: number; entries: number; wrong_totals: number; wrong_days: number }>(
        `select
           (select count(*)::int from (select distinct r.post_id, r.user_id from forum_reactions r join forum_posts p on p.id = r.post_id
              where p.topic_id = $1 and r.user_id <> p.user_id) x) as expected,
           (select count(*)::int from point_entries e join forum_posts p on p.id = e.post_id where p.topic_id = $1) as entries,
           (select count(*)::int from member_points m left join (select user_id, sum(points) as points from point_entries group by user_id) l
              on l.user_id = m.user_id where m.points <> coalesce(l.points, 0)) as wrong_totals,
           (select count(*)::int from member_points m left join (select user_id, sum(points) as points from member_points_daily group by user_id) d
              on d.user_id = m.user_id where m.points <> coalesce(d.points, 0)) as wrong_days`,
        [topicId],
      )
    ).rows[0]!;
    const exact = check.expected === check.entries && check.wrong_totals === 0 && check.wrong_days === 0;
    lines.push(
      `Reaction points afterwards: ${check.entries.toLocaleString("en-US")} entries for ${check.expected.toLocaleString("en-US")} reactor-and-reply pairs holding a reaction; totals differing from the ledger: ${check.wrong_totals}, from the days: ${check.wrong_days} (${exact ? "exact" : "NOT exact"})`,
    );
  } finally {
    await pool.end();
  }
  return lines;
}
