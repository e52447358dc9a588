import { Pool } from "pg";
import { cookPendingForumPosts } from "../src/db/backfill-cooked-posts";
import { createDatabase } from "../src/db/client";
import { describeShare, measureAgainstFloor } from "./lib/against-floor";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { benchSignIn, describeLoad, rssOfListener, runLoad, type LoadResult } from "./lib/load";
import { MEMBER_PAGE_GOAL, SIGNED_IN_FLOOR, memberPageSamples, memberPages } from "./pages";

/** Replies per topic, as in the 100,000 topics and 1,000,000 replies. */
const REPLIES_PER_TOPIC = 10;
/** Every size holds exactly this many replies with the searched word, so the search's work is comparable. */
const SEARCH_MATCHES = 20;
export const SEARCH_WORD = "heliotrope";

/**
 * Adds bench topics (and ten replies each) until the bench category holds `topics`; SQL with
 * generate_series, not loops of inserts. The searched word sits in SEARCH_MATCHES of the new replies.
 */
export async function seedForum(pool: Pool, topics: number): Promise<void> {
  await pool.query(
    `insert into forum_categories (name, slug, description) values ('Bench', 'bench', 'Seeded for the benchmark') on conflict (slug) do nothing`,
  );
  const { rows } = await pool.query<{ id: number; count: number }>(
    `select c.id, (select count(*)::int from forum_topics t where t.category_id = c.id) as count from forum_categories c where c.slug = 'bench'`,
  );
  const { id: categoryId, count: existing } = rows[0]!;
  const adding = topics - existing;
  if (adding <= 0) return;
  await pool.query(
    `insert into forum_topics (title, slug, content, user_id, category_id, views, last_post_at, created_at)
     select 'Bench topic ' || g || ' about ' || (array['studio light','garden plans','zine swaps','morning rituals','retreat ideas'])[1 + g % 5],
            'bench-topic-' || g,
            'An opening post for bench topic ' || g || '. We talk about craft, rest, collaboration and the next meetup in the city.',
            (select array_agg(id order by id) from users)[1 + g % (select count(*) from users)::int],
            $1, g % 300, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
     from generate_series($2::int + 1, $2::int + $3::int) g`,
    [categoryId, existing, adding],
  );
  // The searched word goes into the first size's replies only, so every size has the same matches.
  const every = existing === 0 ? Math.floor((adding * REPLIES_PER_TOPIC) / SEARCH_MATCHES) : 0;
  await pool.query(
    `with bench as (select array_agg(id order by id) as ids from forum_topics t where t.category_id = $1 and not exists (select 1 from forum_posts p where p.topic_id = t.id)),
          authors as (select array_agg(id order by id) as ids from users)
     insert into forum_posts (topic_id, user_id, content, created_at)
     select bench.ids[1 + (g / ${REPLIES_PER_TOPIC})], authors.ids[1 + g % array_length(authors.ids, 1)],
            case when $2::int > 0 and g % $2::int = 0 then 'I grew ${SEARCH_WORD} by the window this spring, reply ' || g
                 else 'Reply ' || g || ': thank you for sharing, I would love to join the next session and bring a friend.' end,
            now() - (g || ' seconds')::interval
     from bench, authors, generate_series(0, $3::int - 1) g`,
    [categoryId, every, adding * REPLIES_PER_TOPIC],
  );
  await pool.query("analyze forum_topics; analyze forum_posts");
}

async function cookPending(app: BenchApp): Promise<number> {
  const { db, pool } = createDatabase(benchDatabaseUrl(app), 2);
  try {
    return await cookPendingForumPosts(db);
  } finally {
    await pool.end();
  }
}

interface SizeResult {
  list: LoadResult;
  topic: LoadResult;
  replies: LoadResult;
  search: LoadResult;
}

async function measure(baseUrl: string, cookie: string, topicId: number): Promise<SizeResult> {
  const headers = { cookie };
  const load = (path: string) => runLoad({ url: `${baseUrl}${path}`, headers, connections: 20, seconds: 10 });
  return {
    list: await load("/api/forum/topics"),
    topic: await load("/api/forum/topics/slug/bench-topic-1"),
    replies: await load(`/api/forum/topics/${topicId}/posts`),
    search: await load(`/api/forum/search?q=${SEARCH_WORD}`),
  };
}

/**
 * P95 at 20 connections of the topic list, a topic and its replies (what the topic page loads)
 * and a search, with 1,000 topics (10,000 replies) and with 100,000 topics (1,000,000 replies), read as the
 * demo Create-tier member. At the larger size, the forum's pages against the signed-in floor.
 */
export async function benchForum(app: BenchApp): Promise<string[]> {
  const cookie = await benchSignIn(app.baseUrl, "member");
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
  const results: Record<number, SizeResult> = {};
  const backfill: string[] = [];
  try {
    for (const size of [1_000, 100_000]) {
      const started = Date.now();
      await seedForum(pool, size);
      // Rows written by SQL are cooked as an upgrade's are: by the backfill (run here directly rather than by its job).
      const cooking = Date.now();
      const cooked = await cookPending(app);
      console.log(
        `  forum: seeded ${size.toLocaleString("en-US")} topics in ${((cooking - started) / 1000).toFixed(0)} s, cooked ${cooked.toLocaleString("en-US")} posts in ${((Date.now() - cooking) / 1000).toFixed(0)} s`,
      );
      backfill.push(
        `Forum: the backfill cooked ${cooked.toLocaleString("en-US")} posts written by SQL in ${((Date.now() - cooking) / 1000).toFixed(1)} s`,
      );
      const { rows } = await pool.query<{ id: number }>("select id from forum_topics where slug = 'bench-topic-1'");
      results[size] = await measure(app.baseUrl, cookie, rows[0]!.id);
    }
  } finally {
    await pool.end();
  }
  const small = results[1_000]!;
  const large = results[100_000]!;
  const growth = (name: keyof SizeResult) => `${(large[name].p95 / small[name].p95).toFixed(2)}x`;
  const lines: string[] = [...backfill];
  for (const [label, key, path] of [
    ["topic list", "list", "GET /api/forum/topics"],
    ["topic", "topic", "GET /api/forum/topics/slug/{slug}"],
    ["replies of a topic", "replies", "GET /api/forum/topics/{id}/posts"],
    ["search", "search", `GET /api/forum/search?q=${SEARCH_WORD}`],
  ] as const) {
    lines.push(
      describeLoad(`Forum ${label} ${path}, 1,000 topics / 10,000 replies (20 connections, 10 s)`, small[key]),
    );
    lines.push(
      describeLoad(`Forum ${label} ${path}, 100,000 topics / 1,000,000 replies (20 connections, 10 s)`, large[key]),
    );
    lines.push(`Forum ${label}: p95 growth from 1,000 to 100,000 topics ${growth(key)} (goal: under 1.5x)`);
  }
  const samples = await memberPageSamples(app, { categorySlug: "bench", topicSlug: "bench-topic-1" });
  const forumPages = memberPages(samples).filter((page) => page.path.startsWith("/forum"));
  lines.push(
    `Forum pages with 100,000 topics and 1,000,000 replies (20 connections, 6 s each, in 2 s turns with GET ${SIGNED_IN_FLOOR}):`,
  );
  for (const measured of await measureAgainstFloor({
    baseUrl: app.baseUrl,
    headers: { cookie },
    floorPath: SIGNED_IN_FLOOR,
    paths: forumPages,
  })) {
    lines.push(`  ${describeShare(measured, "the signed-in floor", MEMBER_PAGE_GOAL)}`);
  }
  lines.push(
    `Forum: server memory (RSS) after the load ${rssOfListener(Number(new URL(app.baseUrl).port)).toFixed(0)} MB`,
  );
  return lines;
}
