import { Pool } from "pg";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { benchSignIn, describeLoad, rssOfListener, runLoad } from "./lib/load";

// The figures: the fan-out of a reply to a topic with 5,000 participants (one job), 1,000 open
// notification streams on one instance with its memory and the time for a notification to reach them
// all, and GET /api/notifications p95 at 20 connections with 1,000,000 notifications in the table.

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** 5,000 members who replied to one topic; then one more reply through the API, fanned out by the server's job. */
async function benchFanOut(app: BenchApp, pool: Pool): Promise<string[]> {
  const {
    rows: [topic],
  } = await pool.query<{ id: number; user_id: number }>(
    `insert into forum_topics (title, slug, content, category_id, user_id)
     select 'Bench: spring gathering', 'bench-spring-gathering-' || extract(epoch from now())::bigint, 'Who is coming to the spring gathering?', c.id, u.id
     from forum_categories c, users u where c.slug = 'introductions' and u.username = 'admin' returning id, user_id`,
  );
  await pool.query(
    `insert into users (username, email, password_hash, first_name, last_name, membership_level)
     select 'fan_' || g, 'fan_' || g || '@example.com', (select password_hash from users where username = 'member'), 'Fan', 'Member ' || g, 'connect'
     from generate_series(1, 4998) g`,
  );
  await pool.query(
    `insert into forum_posts (topic_id, user_id, content) select $1, id, 'Count me in!' from users where username like 'fan\\_%'`,
    [topic!.id],
  );
  await pool.query("analyze users; analyze forum_posts");
  const cookie = await benchSignIn(app.baseUrl, "member");
  const started = Date.now();
  const reply = await fetch(`${app.baseUrl}/api/forum/posts`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.baseUrl, cookie },
    body: JSON.stringify({ topicId: topic!.id, content: "News for everyone who is coming!" }),
  });
  if (reply.status !== 201) throw new Error(`reply failed: ${reply.status} ${await reply.text()}`);
  const { id: postId } = (await reply.json()) as { id: number };
  const answered = Date.now() - started;
  await waitUntil(
    async () =>
      (
        await pool.query("select 1 from notification_events where payload->>'postId' = $1 and done_at is not null", [
          String(postId),
        ])
      ).rowCount === 1,
    120_000,
  );
  const total = Date.now() - started;
  const {
    rows: [event],
  } = await pool.query<{ made: number; job_ms: number; attempts: number }>(
    `select (select count(*)::int from notifications where dedupe_key = 'post:' || $1) as made,
       extract(epoch from (done_at - (select min(created_at) from notifications where dedupe_key = 'post:' || $1))) * 1000 as job_ms, attempts
     from notification_events where payload->>'postId' = $1`,
    [String(postId)],
  );
  return [
    `Fan-out of one reply to a topic with ${(4998 + 1).toLocaleString("en-US")} other participants: ${event!.made.toLocaleString("en-US")} notifications in ${event!.attempts} job run; reply answered in ${answered} ms, all notified ${seconds(total)} after the reply (including the job's pickup), the job's transaction ${Number(event!.job_ms).toFixed(0)} ms`,
  ];
}

/** 50 members with 20 tabs each: 1,000 streams on the one instance. */
async function benchStreams(app: BenchApp, pool: Pool): Promise<string[]> {
  const members = 50;
  const perMember = 20;
  await pool.query(
    `insert into users (username, email, password_hash, first_name, last_name, membership_level)
     select 'streamer_' || g, 'streamer_' || g || '@example.com', (select password_hash from users where username = 'member'), 'Stream', 'Member ' || g, 'create'
     from generate_series(1, $1::int) g`,
    [members],
  );
  const port = Number(new URL(app.baseUrl).port);
  const before = rssOfListener(port);
  const controllers: AbortController[] = [];
  const arrivals: Promise<number>[] = [];
  const ids = (
    await pool.query<{ id: number; username: string }>(
      "select id, username from users where username like 'streamer\\_%' order by id",
    )
  ).rows;
  let sent = 0;
  try {
    // Signed in a few at a time, each member's 20 tabs opened at once: all 1,000 are open well within a
    // stream's five minutes.
    const open = async (cookie: string) => {
      const controller = new AbortController();
      controllers.push(controller);
      let response = await fetch(`${app.baseUrl}/api/notifications/stream`, {
        headers: { cookie },
        signal: controller.signal,
      });
      // A burst of new streams can find the pool busy (503 with Retry-After); a browser would try again.
      while (response.status === 503) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        response = await fetch(`${app.baseUrl}/api/notifications/stream`, {
          headers: { cookie },
          signal: controller.signal,
        });
      }
      if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      arrivals.push(
        (async () => {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) throw new Error("stream ended");
            if (value.includes("event: notification")) return Date.now() - sent;
          }
        })(),
      );
    };
    for (const member of ids) {
      const cookie = await benchSignIn(app.baseUrl, member.username);
      await Promise.all(Array.from({ length: perMember }, () => open(cookie)));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const withStreams = rssOfListener(port);
    sent = Date.now();
    await pool.query(
      `insert into notifications (user_id, kind, title, url) select id, 'announcement', 'Bench: the spring gathering is on', '/events' from users where username like 'streamer\\_%'`,
    );
    const latencies = (await Promise.all(arrivals)).sort((a, b) => a - b);
    const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1]!;
    return [
      `Open notification streams on one instance: ${controllers.length.toLocaleString("en-US")} (${members} members x ${perMember} tabs); server RSS ${before.toFixed(0)} MB before, ${withStreams.toFixed(0)} MB with them open (${(((withStreams - before) * 1024) / controllers.length).toFixed(1)} kB a stream)`,
      `A notification for each of the ${members} members reached all ${controllers.length.toLocaleString("en-US")} streams: p50 ${latencies[Math.floor(latencies.length / 2)]} ms, p95 ${p95} ms, last ${latencies.at(-1)} ms after the insert committed`,
    ];
  } finally {
    for (const controller of controllers) controller.abort();
  }
}

/** 1,000,000 notifications over 10,000 members, 100 each; the bench member has 1,000 of them. */
async function benchList(app: BenchApp, pool: Pool): Promise<string[]> {
  const count = (await pool.query<{ count: number }>("select count(*)::int as count from users")).rows[0]!.count;
  await pool.query(
    `insert into users (username, email, password_hash, first_name, last_name, membership_level)
     select 'reader_' || g, 'reader_' || g || '@example.com', 'x', 'Reader', 'Member ' || g, 'connect' from generate_series(1, greatest(0, 10000 - $1::int)) g`,
    [count],
  );
  const {
    rows: [member],
  } = await pool.query<{ id: number }>("select id from users where username = 'member'");
  const {
    rows: [actor],
  } = await pool.query<{ id: number }>("select id from users where username = 'amara'");
  await pool.query(
    `insert into notifications (user_id, kind, actor_id, title, url, read_at, created_at)
     select u.id, (array['forum_reply','forum_reaction','library_item','announcement','direct_message'])[1 + g % 5], case when g % 5 in (0, 1, 4) then $2::int end,
       'bench notification ' || g, '/forum', case when g % 3 = 0 then now() end, now() - make_interval(mins => g)
     from (select id from users where id <> $1 order by id limit 9999) u, generate_series(1, 100) g`,
    [member!.id, actor!.id],
  );
  await pool.query(
    `insert into notifications (user_id, kind, actor_id, title, url, read_at, created_at)
     select $1, (array['forum_reply','forum_reaction','library_item','announcement','direct_message'])[1 + g % 5], case when g % 5 in (0, 1, 4) then $2::int end,
       'bench notification ' || g, '/forum', case when g % 3 = 0 then now() end, now() - make_interval(mins => g)
     from generate_series(1, 1000) g`,
    [member!.id, actor!.id],
  );
  await pool.query("analyze notifications");
  const total = (await pool.query<{ total: number }>("select count(*)::int as total from notifications")).rows[0]!
    .total;
  const cookie = await benchSignIn(app.baseUrl, "member");
  const first = await runLoad({
    url: `${app.baseUrl}/api/notifications`,
    headers: { cookie },
    connections: 20,
    seconds: 10,
  });
  const filtered = await runLoad({
    url: `${app.baseUrl}/api/notifications?kind=forum_reply`,
    headers: { cookie },
    connections: 20,
    seconds: 10,
  });
  const size = `${total.toLocaleString("en-US")} notifications`;
  return [
    describeLoad(`GET /api/notifications (first page and unread count), ${size} (20 connections, 10 s)`, first),
    describeLoad(`GET /api/notifications?kind=forum_reply, ${size} (20 connections, 10 s)`, filtered),
    `Server memory (RSS) after the notification load: ${rssOfListener(Number(new URL(app.baseUrl).port)).toFixed(0)} MB`,
  ];
}

export async function benchNotifications(app: BenchApp): Promise<string[]> {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
  try {
    return [...(await benchFanOut(app, pool)), ...(await benchStreams(app, pool)), ...(await benchList(app, pool))];
  } finally {
    await pool.end();
  }
}
