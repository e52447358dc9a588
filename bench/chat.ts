import { Pool } from "pg";
import { DATE_FORMAT, TIME_FORMAT } from "../src/lib/format";
import { splitSentences } from "../src/server/assistant/sentences";
import { formatInZone } from "../src/server/events/time";
import { startFakeLlm } from "../tests/fakes/llm";
import { CHAT_EVAL_SET, type EvalQuestion } from "./chat-questions";
import { benchDatabaseUrl, startBenchApp, type BenchApp } from "./lib/app";
import { clientAddress, describeLoad, rssOfListener, runLoad, type LoadResult } from "./lib/load";

const NOISE_PASSAGES = 5_000;
let addressCounter = 0;
/** Each request from its own address, so that the per-address rate limit never answers. */
const nextAddress = () => clientAddress(++addressCounter);

interface SiteEvent {
  id: number;
  title: string;
  startsAt: Date;
  timezone: string;
  isPublic: boolean;
}

async function upcomingEvents(app: BenchApp): Promise<SiteEvent[]> {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 1 });
  try {
    const { rows } = await pool.query<{
      id: number;
      title: string;
      starts_at: Date;
      timezone: string;
      access_type: string;
    }>(
      "select id, title, starts_at, timezone, access_type from events where status = 'scheduled' and coalesce(ends_at, starts_at) >= now() order by starts_at, id",
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      startsAt: r.starts_at,
      timezone: r.timezone,
      isPublic: r.access_type === "public",
    }));
  } finally {
    await pool.end();
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The answer's first sentence as a reader sees it: Markdown links and emphasis reduced to their words. */
function firstSentence(markdown: string): string {
  const text = markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`]+/g, "");
  return splitSentences(text)[0] ?? "";
}

interface Outcome {
  item: EvalQuestion;
  hit: boolean;
  fact: boolean;
  cited: string;
  first: string;
}

/** Asks every question as a visitor: is the first cited page one that answers it, and does the first sentence hold the fact? */
async function evaluate(app: BenchApp): Promise<Outcome[]> {
  const events = await upcomingEvents(app);
  // The bench asks as a visitor: the next event she may attend is the next public one.
  const next = events.find((e) => e.isPublic);
  const dateOf = (e: SiteEvent) => formatInZone(e.startsAt, e.timezone, DATE_FORMAT);
  const outcomes: Outcome[] = [];
  for (const item of CHAT_EVAL_SET) {
    const event = item.event ? events.find((e) => e.title === item.event) : undefined;
    const expected = item.event
      ? [event ? `/events/${event.id}` : `(no upcoming event "${item.event}")`]
      : item.fact === "next-event" && next
        ? [...item.pages!, `/events/${next.id}`]
        : item.pages!;
    // The next event: its title and its date in the site's format, in either order.
    const fact =
      item.fact === "date"
        ? event
          ? dateOf(event)
          : "(no event)"
        : item.fact === "time"
          ? event
            ? formatInZone(event.startsAt, event.timezone, TIME_FORMAT)
            : "(no event)"
          : item.fact === "next-event"
            ? next
              ? new RegExp(`^(?=[\\s\\S]*${escapeRegExp(next.title)})(?=[\\s\\S]*${escapeRegExp(dateOf(next))})`)
              : "(no event)"
            : item.fact;
    const response = await fetch(`${app.baseUrl}/api/chatbot/message`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl, "x-forwarded-for": nextAddress() },
      body: JSON.stringify({ message: item.question, chatHistory: [] }),
    });
    const answer = (await response.json()) as { response: string; sources: Array<{ url: string }> };
    if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(answer)}`);
    const cited = answer.sources[0]?.url ?? "";
    const first = firstSentence(answer.response);
    outcomes.push({
      item,
      hit: expected.includes(cited),
      fact: typeof fact === "string" ? first.includes(fact) : fact.test(first),
      cited,
      first,
    });
  }
  return outcomes;
}

function report(label: string, outcomes: Outcome[]): string[] {
  const lines: string[] = [];
  const groups: Array<[string, (q: EvalQuestion) => boolean]> = [
    ["tuning questions", (q) => !q.heldOut && !q.newHeldOut && !q.freshHeldOut && !q.fourthHeldOut],
    ["held-back questions", (q) => Boolean(q.heldOut)],
    ["new held-back questions (written before the word relations)", (q) => Boolean(q.newHeldOut)],
    ["fresh held-back questions (written before the changes that followed both sets)", (q) => Boolean(q.freshHeldOut)],
    ["fourth held-back questions (written before the answering-sentence changes)", (q) => Boolean(q.fourthHeldOut)],
  ];
  for (const [name, inGroup] of groups) {
    const chosen = outcomes.filter((o) => inGroup(o.item));
    const group = `${chosen.length} ${name}`;
    const hits = chosen.filter((o) => o.hit).length;
    const facts = chosen.filter((o) => o.fact).length;
    lines.push(
      `Assistant ${label}, ${group}: cited page hit@1 ${hits}/${chosen.length}; first sentence holds the fact ${facts}/${chosen.length}`,
    );
    for (const o of chosen.filter((c) => !c.hit || !c.fact))
      lines.push(
        `  ${o.hit ? "" : `cited ${o.cited || "nothing"}; `}${o.fact ? "" : "fact missing; "}"${o.item.question}" -> "${o.first.slice(0, 140)}"`,
      );
  }
  return lines;
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

/**
 * The answers on the evaluation set (the first cited page, and whether the first
 * sentence holds the fact; the held-back questions apart) without a model, and through the fake
 * OpenAI-compatible model (tests/fakes/llm.ts, which quotes the first passage it is given); then the
 * answer latency without a model at the site's size and with 5,000 more passages. Each request comes
 * from its own address, so the apps here trust the forwarded address (TRUST_PROXY) and run apart from
 * the other benches' app.
 */
export async function benchChat(): Promise<string[]> {
  const app = await startBenchApp(TRUSTS_FORWARDED_ADDRESS);
  try {
    return await benchChatOn(app);
  } finally {
    await app.stop();
  }
}

const TRUSTS_FORWARDED_ADDRESS = { TRUST_PROXY: "true" };

/**
 * Until the app has prepared (GET /api/health ready): its start-up work rebuilds the assistant's index,
 * and / answers before that is done, so questions asked earlier find a part of it.
 */
async function untilReady(app: BenchApp): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${app.baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`${app.baseUrl} was not ready within 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function benchChatOn(app: BenchApp): Promise<string[]> {
  const port = Number(new URL(app.baseUrl).port);
  const lines: string[] = [];
  await untilReady(app);
  await loadAnswers(app.baseUrl, 5); // warm-up: the first requests compile code paths
  lines.push(...report("without a model", await evaluate(app)));

  const fake = await startFakeLlm();
  const withModel = await startBenchApp({ ...fake.env, ...TRUSTS_FORWARDED_ADDRESS });
  try {
    await untilReady(withModel);
    lines.push(...report("with the fake model", await evaluate(withModel)));
  } finally {
    await withModel.stop();
    await fake.stop();
  }

  lines.push(
    describeLoad(
      "POST /api/chatbot/message without a model, the demo site's passages (20 connections, 15 s; aim: p95 under 100 ms)",
      await loadAnswers(app.baseUrl, 15),
    ),
  );
  const total = await addNoisePassages(app);
  const noisy = await evaluate(app);
  lines.push(
    `Assistant without a model, ${total.toLocaleString("en-US")} passages (${NOISE_PASSAGES.toLocaleString("en-US")} generated forum-like ones added): cited page hit@1 ${noisy.filter((o) => o.hit).length}/${noisy.length}`,
  );
  lines.push(
    describeLoad(
      `POST /api/chatbot/message without a model, ${total.toLocaleString("en-US")} passages (20 connections, 15 s; aim: p95 under 100 ms)`,
      await loadAnswers(app.baseUrl, 15),
    ),
  );
  lines.push(`Server memory (RSS) after the load: ${rssOfListener(port).toFixed(0)} MB`);
  return lines;
}
