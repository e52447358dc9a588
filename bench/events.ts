import { Pool } from "pg";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { describeLoad, runLoad } from "./lib/load";

const EVENT_COUNT = 10_000;
const TYPES = ["public", "members", "workshop", "social"] as const;
const ZONES = ["America/New_York", "Europe/London", "America/Los_Angeles", "Europe/Berlin"] as const;

/** Fills the database with EVENT_COUNT events (mostly Luma, some community), spread over two years. */
export async function seedEvents(app: BenchApp): Promise<number> {
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 1 });
  try {
    await pool.query(
      `insert into events (source, external_id, title, description, starts_at, ends_at, timezone, location_name, address, access_type, type, featured, url, status)
       select case when g % 10 = 0 then 'internal' else 'luma' end,
              case when g % 10 = 0 then null else 'bench-' || g end,
              'Bench event ' || g, 'A generated event for the benchmark.',
              now() + (g || ' hours')::interval - interval '30 days', now() + (g || ' hours')::interval - interval '30 days' + interval '2 hours',
              ($1::text[])[1 + g % 4], 'Bench Hall', '1 Main St', case when g % 3 = 0 then 'members' else 'public' end,
              ($2::text[])[1 + g % 4], g % 500 = 0, 'https://lu.ma/bench-' || g, case when g % 50 = 0 then 'cancelled' else 'scheduled' end
       from generate_series(1, $3::int) as g`,
      [ZONES, TYPES, EVENT_COUNT],
    );
    await pool.query("analyze events");
    const { rows } = await pool.query<{ id: number }>(
      "select id from events where source = 'internal' and title like 'Bench event %' order by id desc limit 1",
    );
    return rows[0]!.id;
  } finally {
    await pool.end();
  }
}

/** The event list API and an event page with 10,000 events in the database, 20 connections. */
export async function benchEvents(app: BenchApp): Promise<string[]> {
  const eventId = await seedEvents(app);
  const list = await runLoad({ url: `${app.baseUrl}/api/luma/events?limit=10&type=all`, connections: 20, seconds: 15 });
  const filtered = await runLoad({
    url: `${app.baseUrl}/api/luma/events?limit=50&type=workshop`,
    connections: 20,
    seconds: 10,
  });
  const page = await runLoad({ url: `${app.baseUrl}/events/${eventId}`, connections: 20, seconds: 15 });
  return [
    `Events in the database: ${EVENT_COUNT.toLocaleString("en-US")} generated + the demo events`,
    describeLoad("GET /api/luma/events?limit=10 (20 connections, 15 s)", list),
    describeLoad("GET /api/luma/events?limit=50&type=workshop (20 connections, 10 s)", filtered),
    describeLoad(`GET /events/{id} (20 connections, 15 s)`, page),
  ];
}
