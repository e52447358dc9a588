import { Pool } from "pg";
import { KIND_PAGE_LIMIT, OVERVIEW_LIMIT } from "../src/features/search/constants";
import { describeLoad, benchSignIn, type LoadResult } from "./lib/load";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { measureAgainstFloor } from "./lib/against-floor";
import { seedEvents } from "./events";
import { SEARCH_WORD, seedForum } from "./forum";
import { growLibraryTo } from "./library";
import { SIGNED_IN_FLOOR } from "./pages";
import { seedMembers } from "./profiles";

/** The issue's sizes: the site search with a large community of every kind. */
const TOPICS = 100_000; // and ten replies each: 1,000,000
const LIBRARY_ITEMS = 50_000;
const MEMBERS = 10_000;
/** The typeahead's p95 within this multiple of the signed-in floor's, the results page's within the next. */
const TYPEAHEAD_GOAL = 2;
const RESULTS_GOAL = 3;
/**
 * As she types, and as /search asks after Enter: a word in 20 of the million replies (the forum bench's),
 * typed to its fifth letter, then whole.
 */
const TYPED = SEARCH_WORD.slice(0, 5);
const QUERY = SEARCH_WORD;
/**
 * The worst case, shown beside the goals: words in every one of the 100,000 seeded topics (and the
 * events' and items' titles), so each kind ranks all of its matches before it keeps the best few.
 */
const BROAD = "bench topic";

function versusFloor(label: string, result: LoadResult, floor: LoadResult, goal: number): string {
  const times = result.p95 / floor.p95;
  return `${describeLoad(label, result)}; p95 ${times.toFixed(2)}x the signed-in floor's ${floor.p95.toFixed(0)} ms measured in turn with it (goal: within ${goal}x: ${times <= goal ? "met" : "NOT met"})`;
}

/**
 * GET /api/search as the header's box asks it (the best few of each kind) and as /search asks it (its
 * overview, then a page of one kind), each in turn with the signed-in floor, as the demo Create-tier
 * member, with 100,000 topics, 1,000,000 replies, 50,000 library items, 10,000 events and 10,000 members.
 */
export async function benchSearch(app: BenchApp): Promise<string[]> {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
  const started = Date.now();
  try {
    await seedForum(pool, TOPICS);
    await growLibraryTo(pool, LIBRARY_ITEMS);
    await seedMembers(pool, MEMBERS);
  } finally {
    await pool.end();
  }
  await seedEvents(app);
  console.log(`  search: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const cookie = await benchSignIn(app.baseUrl, "member");
  const q = (text: string) => encodeURIComponent(text);
  const [typeahead, overview, kindPage, broadTypeahead, broadOverview] = await measureAgainstFloor({
    baseUrl: app.baseUrl,
    headers: { cookie },
    floorPath: SIGNED_IN_FLOOR,
    paths: [
      { label: "typeahead", path: `/api/search?q=${q(TYPED)}` },
      { label: "results page", path: `/api/search?q=${q(QUERY)}&limit=${OVERVIEW_LIMIT}` },
      { label: "results page, one kind", path: `/api/search?q=${q(QUERY)}&kind=forum&limit=${KIND_PAGE_LIMIT}` },
      { label: "typeahead, broad", path: `/api/search?q=${q(BROAD.slice(0, 3))}` },
      { label: "results page, broad", path: `/api/search?q=${q(BROAD)}&limit=${OVERVIEW_LIMIT}` },
    ],
  });
  return [
    `Site search with ${TOPICS.toLocaleString("en-US")} topics, ${(TOPICS * 10).toLocaleString("en-US")} replies, ${LIBRARY_ITEMS.toLocaleString("en-US")} library items, 10,000+ events, ${MEMBERS.toLocaleString("en-US")} members (20 connections, 6 s each, in 2 s turns with GET ${SIGNED_IN_FLOOR}):`,
    `  ${versusFloor(`Typeahead GET ${typeahead!.path}`, typeahead!.result, typeahead!.floor, TYPEAHEAD_GOAL)}`,
    `  ${versusFloor(`Results page GET ${overview!.path}`, overview!.result, overview!.floor, RESULTS_GOAL)}`,
    `  ${versusFloor(`Results page GET ${kindPage!.path}`, kindPage!.result, kindPage!.floor, RESULTS_GOAL)}`,
    `  The worst case, words in every seeded topic (not the goal's query):`,
    `    ${versusFloor(`Typeahead GET ${broadTypeahead!.path}`, broadTypeahead!.result, broadTypeahead!.floor, TYPEAHEAD_GOAL)}`,
    `    ${versusFloor(`Results page GET ${broadOverview!.path}`, broadOverview!.result, broadOverview!.floor, RESULTS_GOAL)}`,
  ];
}
