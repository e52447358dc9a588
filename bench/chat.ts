import { Pool } from "pg";
import { CHAT_EVAL_SET } from "./chat-questions";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { clientAddress, describeLoad, rssOfListener, runLoad, type LoadResult } from "./lib/load";

const NOISE_PASSAGES = 5_000;
let addressCounter = 0;
/** Each request from its own address, so that the per-address rate limit never answers. */
const nextAddress = () => clientAddress(++addressCounter);

async function eventPages(app: BenchApp): Promise<Map<string, string>> {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 1 });
  try {
    const { rows } = await pool.query<{ id: number; title: string }>("select id, title from events where status = 'scheduled' and starts_at > now()");
    return new Map(rows.map((row) => [row.title, `/events/${row.id}`]));
  } finally {
    await pool.end();
  }
}

/** Asks every question of the evaluation set as a visitor; a hit is an answering page among the first three cited. */
async function hitAt3(app: BenchApp): Promise<{ hits: number; misses: string[] }> {
  const events = await eventPages(app);
  const misses: string[] = [];
  for (const item of CHAT_EVAL_SET) {
    const expected = item.event ? [events.get(item.event) ?? `(no upcoming event "${item.event}")`] : item.pages!;
    const response = await fetch(`${app.baseUrl}/api/chatbot/message`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl, "x-forwarded-for": nextAddress() },
      body: JSON.stringify({ message: item.question, chatHistory: [] }),
    });
    const { sources } = (await response.json()) as { sources: Array<{ url: string }> };
    const cited = sources.slice(0, 3).map((s) => s.url);
    if (!cited.some((url) => expected.includes(url))) misses.push(`"${item.question}" expected ${expected.join(" or ")}, cited ${cited.join(", ") || "nothing"}`);
  }
  return { hits: CHAT_EVAL_SET.length - misses.length, misses };
}

/** POST /api/chatbot/message at 20 connections, cycling through the evaluation questions. */
const loadAnswers = (baseUrl: string, seconds: number): Promise<LoadResult> =>
  runLoad({
    url: `${baseUrl}/api/chatbot/message`,
    method: "POST",
    connections: 20,
    seconds,
    eachRequest: (n) => ({
      headers: { origin: baseUrl, "x-forwarded-for": nextAddress() },
      body: { message: CHAT_EVAL_SET[n % CHAT_EVAL_SET.length]!.question, chatHistory: [] },
    }),
  });

/** Generated passages that share the site's vocabulary, as library items and forum topics would. */
async function addNoisePassages(app: BenchApp): Promise<number> {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 1 });
  try {
    await pool.query(
      `insert into assistant_passages (source_kind, source_id, position, title, url, body, required_level)
       select 'bench', g::text, 0,
              'Forum topic ' || g || ': ' || (array['events', 'membership', 'mentorship', 'creative practice', 'leadership', 'wellness'])[1 + g % 6],
              '/forum/topic/bench-' || g,
              'Members talk about ' || (array['an event they loved', 'the price of a workshop', 'their creative studio', 'finding a mentor', 'a retreat in the autumn', 'breathing and rest'])[1 + g % 6]
                || ', share what helped them and ask the community for ideas. Post ' || g || ' of a long discussion about circles, collaboration and care.',
              (array[null, 'connect', 'create', 'empower', 'play'])[1 + g % 5]
       from generate_series(1, $1::int) g`,
      [NOISE_PASSAGES],
    );
    await pool.query("analyze assistant_passages");
    const { rows } = await pool.query<{ count: number }>("select count(*)::int as count from assistant_passages");
    return rows[0]!.count;
  } finally {
    await pool.end();
  }
}

/** Issue 14: retrieval hit@3 on the evaluation set and the answer latency without a model, at the site's size and with 5,000 more passages. */
export async function benchChat(app: BenchApp): Promise<string[]> {
  const port = Number(new URL(app.baseUrl).port);
  const lines: string[] = [];
  const measure = async (label: string) => {
    const { hits, misses } = await hitAt3(app);
    lines.push(`Assistant retrieval hit@3, ${label}: ${hits}/${CHAT_EVAL_SET.length} (${((100 * hits) / CHAT_EVAL_SET.length).toFixed(1)}%; aim: at least 90%)`);
    for (const miss of misses) lines.push(`  miss: ${miss}`);
    const load = await loadAnswers(app.baseUrl, 15);
    lines.push(describeLoad(`POST /api/chatbot/message without a model, ${label} (20 connections, 15 s; aim: p95 under 100 ms)`, load));
  };
  await loadAnswers(app.baseUrl, 5); // warm-up: the first requests compile code paths
  await measure("the demo site's passages");
  const total = await addNoisePassages(app);
  await measure(`${total.toLocaleString("en-US")} passages (${NOISE_PASSAGES.toLocaleString("en-US")} generated forum-like ones added)`);
  lines.push(`Server memory (RSS) after the load: ${rssOfListener(port).toFixed(0)} MB`);
  return lines;
}
