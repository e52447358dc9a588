import { Pool } from "pg";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { describeShare, measureAgainstFloor } from "./lib/against-floor";
import { benchSignIn, describeLoad, rssOfListener, runLoad, type LoadResult } from "./lib/load";
import { MEMBER_PAGE_GOAL, SIGNED_IN_FLOOR, memberPageSamples, memberPages } from "./pages";

// The library list and its search at 20 connections, with 1,000 items and with 50,000.

const SIZES = [1_000, 50_000];
const TOPICS = [
  "breathwork",
  "journaling",
  "pricing",
  "ceramics",
  "retreats",
  "mentorship",
  "illustration",
  "rituals",
  "grants",
  "portfolio",
  "rest",
  "collaboration",
  "clients",
  "writing",
  "movement",
  "photography",
  "budgeting",
  "community",
  "moon",
  "studio",
];
/** A specific search (two subjects, a fraction of a percent of items) and a broad one (one word in most articles). */
const SEARCHES = { specific: "ceramics grants", broad: "journaling practice" };

/** Tops the library up to `total` items with SQL: mixed types, tiers, categories, tags and article text. */
export async function growLibraryTo(pool: Pool, total: number): Promise<void> {
  const { rows } = await pool.query<{ count: number; first: number }>(
    "select count(*)::int as count, coalesce(max(id), 0)::int as first from content_items",
  );
  const missing = total - rows[0]!.count;
  if (missing <= 0) return;
  await pool.query(
    `insert into content_items (title, slug, summary, content, content_type, is_public, required_membership_level, status, published_at, category_id, reading_minutes, external_url)
     select initcap(($2::text[])[1 + g % 20]) || ' notes ' || g,
            'bench-item-' || ($3::int + g),
            'A seeded item about ' || ($2::text[])[1 + g % 20] || ' and ' || ($2::text[])[1 + (g / 20) % 20] || '.',
            case when g % 4 = 0 then '' else repeat('<p>Practice notes on ' || ($2::text[])[1 + g % 20] || ' with a ' || ($2::text[])[1 + (g / 7) % 20] || ' exercise for the week ahead.</p>', 25) end,
            (array['external','article','article','video'])[1 + g % 4],
            g % 3 <> 0, case when g % 3 = 0 then (array['create','empower','play'])[1 + g % 9 / 3] end,
            'published', now() - (g || ' minutes')::interval,
            (select id from content_categories order by id offset g % greatest(1, (select count(*) from content_categories)) limit 1),
            case when g % 4 = 0 then null else 2 end,
            case when g % 4 = 0 then 'https://example.com/' || g end
     from generate_series(1, $1::int) g`,
    [missing, TOPICS, rows[0]!.first],
  );
  // Two tags on each new item.
  await pool.query(
    `insert into content_item_tags (content_id, tag_id)
     select i.id, t.id from content_items i
     join lateral (select id from content_tags order by id offset (i.id % greatest(1, (select count(*) from content_tags) - 1)) limit 2) t on true
     where i.slug like 'bench-item-%' and i.id > $1
     on conflict do nothing`,
    [rows[0]!.first],
  );
  // Measured as a library is between imports: the tags' trigger rewrote every new item's vector, and
  // until VACUUM the search index still points at each old version too (twice the rows to visit for
  // "journaling practice"). Autovacuum would get there within minutes; the bench does not wait.
  await pool.query("vacuum analyze content_items");
  await pool.query("analyze content_item_tags");
}

async function measure(app: BenchApp, cookie: string): Promise<Record<"list" | keyof typeof SEARCHES, LoadResult>> {
  const load = (query: string, seconds = 10) =>
    runLoad({
      url: `${app.baseUrl}/api/content/items?limit=24${query}`,
      headers: { cookie },
      connections: 20,
      seconds,
    });
  // Unmeasured: the first requests after start-up (compilation, caches) would weigh on the smaller library only.
  await load(`&search=${encodeURIComponent(SEARCHES.broad)}`, 3);
  return {
    list: await load(""),
    specific: await load(`&search=${encodeURIComponent(SEARCHES.specific)}`),
    broad: await load(`&search=${encodeURIComponent(SEARCHES.broad)}`),
  };
}

export async function benchLibrary(app: BenchApp): Promise<string[]> {
  const cookie = await benchSignIn(app.baseUrl, "member");
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
  const lines: string[] = [];
  const p95s: Record<string, number[]> = { list: [], specific: [], broad: [] };
  const labels: Record<string, string> = {
    list: "GET /api/content/items (newest 24)",
    specific: `?search=${SEARCHES.specific}`,
    broad: `?search=${SEARCHES.broad}`,
  };
  try {
    for (const size of SIZES) {
      const seeding = Date.now();
      await growLibraryTo(pool, size);
      const seeded = ((Date.now() - seeding) / 1000).toFixed(1);
      const results = await measure(app, cookie);
      lines.push(
        `Library with ${size.toLocaleString("en-US")} items (seeded in ${seeded} s), member of the Create tier, 20 connections, 10 s each:`,
      );
      for (const [name, result] of Object.entries(results)) {
        p95s[name]!.push(result.p95);
        lines.push(`  ${describeLoad(labels[name]!, result)}`);
      }
    }
    const growth = (values: number[]) => (values[1]! / Math.max(1, values[0]!)).toFixed(2);
    lines.push(
      `Library p95 growth from 1,000 to 50,000 items: ${Object.entries(p95s)
        .map(([name, values]) => `${name} ${growth(values)}x`)
        .join(", ")} (goal: under 1.5x)`,
    );
    const capped = await fetch(
      `${app.baseUrl}/api/content/items?limit=24&search=${encodeURIComponent(SEARCHES.broad)}`,
      { headers: { cookie } },
    );
    lines.push(
      `Broad search at 50,000 items ranked the newest 1,000 matches only: ${capped.headers.get("x-search-capped") === "true" ? "yes (the notice shows)" : "no"}`,
    );
    const { rows } = await pool.query<{ slug: string }>(
      "select slug from content_items where slug like 'bench-item-%' and is_public order by id desc limit 1",
    );
    const samples = await memberPageSamples(app, { itemSlug: rows[0]!.slug });
    const libraryPages = [
      ...memberPages(samples).filter((page) => page.path.startsWith("/library")),
      { label: "Library item's data", path: `/api/content/items/${rows[0]!.slug}` },
    ];
    lines.push(`Library pages with 50,000 items (20 connections, 6 s each, in 2 s turns with GET ${SIGNED_IN_FLOOR}):`);
    for (const measured of await measureAgainstFloor({
      baseUrl: app.baseUrl,
      headers: { cookie },
      floorPath: SIGNED_IN_FLOOR,
      paths: libraryPages,
    })) {
      lines.push(
        `  ${measured.path.startsWith("/api/") ? describeLoad(`${measured.label} GET ${measured.path}`, measured.result) : describeShare(measured, "the signed-in floor", MEMBER_PAGE_GOAL)}`,
      );
    }
    lines.push(
      `Server memory (RSS) after the library load: ${rssOfListener(Number(new URL(app.baseUrl).port)).toFixed(0)} MB`,
    );
  } finally {
    await pool.end();
  }
  return lines;
}
