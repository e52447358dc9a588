import { Pool } from "pg";
import { measureAgainstFloor, describeShare } from "./lib/against-floor";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { benchSignIn, rssOfListener } from "./lib/load";

/** The signed-in floor: a route handler whose only query is the session check. */
export const SIGNED_IN_FLOOR = "/api/auth/me";
/** Each member page serves at least this share of the signed-in floor's requests. */
export const MEMBER_PAGE_GOAL = 0.4;
/** /events and /events/{id} serve at least this share of the home page's requests. */
export const EVENTS_PAGE_GOAL = 0.5;

/** A category, topic, item and another member: the demo's, or the bench's own at its sizes. */
export async function memberPageSamples(
  app: BenchApp,
  { categorySlug, topicSlug, itemSlug }: { categorySlug?: string; topicSlug?: string; itemSlug?: string } = {},
) {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 1 });
  try {
    const one = async (sql: string) => (await pool.query(sql)).rows[0];
    return {
      categorySlug:
        categorySlug ??
        (
          await one(
            "select slug from forum_categories where required_membership_level is null order by position, id limit 1",
          )
        ).slug,
      topicSlug:
        topicSlug ??
        (
          await one(
            "select t.slug from forum_topics t join forum_categories c on c.id = t.category_id where c.required_membership_level is null order by t.id limit 1",
          )
        ).slug,
      itemSlug:
        itemSlug ??
        (await one("select slug from content_items where status = 'published' and is_public order by id limit 1")).slug,
      otherMemberId: (await one("select id from users where username = 'mentor'")).id as number,
    };
  } finally {
    await pool.end();
  }
}

/** The member pages at a sample each, and the members' home's own part (what its page loads for her). */
export function memberPages(samples: Awaited<ReturnType<typeof memberPageSamples>>) {
  return [
    { label: "Members' home", path: "/home" },
    { label: "Members' home, her part (GET /api/home, a first visit: 14 days back)", path: "/api/home" },
    { label: "Forum", path: "/forum" },
    { label: "Forum category", path: `/forum/${samples.categorySlug}` },
    { label: "Forum topic", path: `/forum/topic/${samples.topicSlug}` },
    { label: "Library", path: "/library" },
    { label: "Library item", path: `/library/item/${samples.itemSlug}` },
    { label: "Member directory", path: "/members" },
    { label: "Her profile", path: "/profile" },
    { label: "Another member's profile", path: `/profile/${samples.otherMemberId}` },
    { label: "Spiritual profile", path: "/spiritual-profile" },
  ];
}

/**
 * With the demo data: every member page's rate at 20 connections and its share of the
 * signed-in floor (each measured in turn with the floor), as the demo Create-tier member; then /events
 * and an event's page against the home page, as a visitor; and the server's memory after.
 */
export async function benchPages(app: BenchApp): Promise<string[]> {
  const cookie = await benchSignIn(app.baseUrl, "member");
  const samples = await memberPageSamples(app);
  const lines = [
    `Member pages with the demo data, as the Create-tier member (20 connections, 6 s each, in 2 s turns with the signed-in floor GET ${SIGNED_IN_FLOOR}):`,
  ];
  for (const measured of await measureAgainstFloor({
    baseUrl: app.baseUrl,
    headers: { cookie },
    floorPath: SIGNED_IN_FLOOR,
    paths: memberPages(samples),
  })) {
    lines.push(`  ${describeShare(measured, "the signed-in floor", MEMBER_PAGE_GOAL)}`);
  }
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 1 });
  const eventId = (
    await pool
      .query("select id from events where source = 'internal' order by starts_at desc limit 1")
      .finally(() => pool.end())
  ).rows[0].id;
  lines.push("Events pages against the home page, as a visitor (20 connections, 6 s each, in 2 s turns with GET /):");
  for (const measured of await measureAgainstFloor({
    baseUrl: app.baseUrl,
    floorPath: "/",
    paths: [
      { label: "Events", path: "/events" },
      { label: "An event", path: `/events/${eventId}` },
    ],
  })) {
    lines.push(`  ${describeShare(measured, "/", EVENTS_PAGE_GOAL)}`);
  }
  lines.push(
    `Server memory (RSS) after the page load: ${rssOfListener(Number(new URL(app.baseUrl).port)).toFixed(0)} MB`,
  );
  return lines;
}
