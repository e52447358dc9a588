import { Pool } from "pg";
import { benchAdminSignIn } from "./lib/admin";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { describeLoad, rssOfListener, runLoad } from "./lib/load";

/** Members and payments: 1,000 payments first, then the issue's 1,000,000. */
const SIZES = [
  { members: 1_000, payments: 1_000 },
  { members: 100_000, payments: 1_000_000 },
];
/** Any period under this p95. */
const GOAL_P95_MS = 100;

/**
 * Seeds members and payments up to the issue's sizes with generate_series: members joined over three
 * years across the four tiers (a few disabled), payments over the same three years, mostly completed
 * charges with one in fifty a refund; and for the headline figures an application, a membership and a
 * session per member.
 */
async function seedDashboard(pool: Pool, size: { members: number; payments: number }): Promise<void> {
  const { rows } = await pool.query<{ users: number; payments: number }>(
    "select (select count(*) from users)::int as users, (select count(*) from payment_transactions)::int as payments",
  );
  const users = Math.max(0, size.members - rows[0]!.users);
  const payments = Math.max(0, size.payments - rows[0]!.payments);
  await pool.query(
    `insert into users (username, email, password_hash, first_name, last_name, membership_level, created_at, disabled_at)
     select 'dash_' || g || '_' || $2::text, 'dash_' || g || '_' || $2::text || '@example.com', 'x', 'Bench', 'Member ' || g,
            (array['connect','create','empower','play'])[1 + g % 4], now() - (g % 1095 || ' days')::interval - (g % 1440 || ' minutes')::interval,
            case when g % 50 = 0 then now() end
     from generate_series(1, $1::int) g`,
    [users, Date.now().toString(36)],
  );
  await pool.query(
    `insert into payment_transactions (kind, amount, status, payment_method, created_at)
     select case when g % 50 = 0 then 'refund' when g % 3 = 0 then 'renewal' else 'payment' end,
            (array[2900, 4900, 9900, 19900])[1 + g % 4],
            case when g % 20 = 1 then 'failed' else 'completed' end, 'card',
            now() - (g % 1095 || ' days')::interval - (g % 1440 || ' minutes')::interval
     from generate_series(1, $1::int) g`,
    [payments],
  );
  // The headline's rows: each member's application (one in a hundred still pending) and membership
  // (mostly active; past due, trialing and cancelled too; one in five by bank transfer), and a session
  // each, a third of them seen this month.
  const { rows: applied } = await pool.query<{ n: number }>(
    "select count(*)::int as n from applications where email like 'dash_app_%'",
  );
  const applications = Math.max(0, size.members - applied[0]!.n);
  const seed = Date.now().toString(36);
  await pool.query(
    `insert into applications (first_name, last_name, email, phone, membership_tier, heard_about, why_join, agree_terms, status, created_at)
     select 'Bench', 'Applicant ' || g, 'dash_app_' || g || '_' || $2::text || '@example.com', '555',
            (array['connect','create','empower','play'])[1 + g % 4], 'friend', 'bench', true,
            case when g % 100 = 0 then 'pending' else 'approved' end, now() - (g % 1095 || ' days')::interval
     from generate_series(1, $1::int) g`,
    [applications, seed],
  );
  await pool.query(
    `insert into memberships (application_id, tier, status, billing_method, started_at, term_ends_at)
     select a.id, a.membership_tier, (array['active','active','active','active','past_due','trialing','canceled'])[1 + a.id % 7],
            case when a.id % 7 = 5 then 'trial' when a.id % 5 = 0 then 'manual' else 'card' end, a.created_at, a.created_at + interval '6 months'
     from applications a
     where a.email like 'dash_app_%' and a.status = 'approved' and not exists (select 1 from memberships m where m.application_id = a.id)`,
  );
  await pool.query(
    `insert into sessions (user_id, created_at, last_seen_at, expires_at)
     select u.id, now() - interval '40 days',
            case when u.id % 3 = 0 then date_trunc('month', now()) + (u.id % 3600 || ' seconds')::interval
                 else date_trunc('month', now()) - (1 + u.id % 30 || ' days')::interval end,
            now() + interval '30 days'
     from users u
     where u.username like 'dash_%' and not exists (select 1 from sessions s where s.user_id = u.id)`,
  );
  // A settled database: autovacuum has set the visibility map that index-only scans rely on.
  for (const table of ["users", "payment_transactions", "applications", "memberships", "sessions"])
    await pool.query(`vacuum analyze ${table}`);
}

/**
 * The admin dashboard (every figure one SQL aggregate) with 1,000 payments and with 100,000
 * members and 1,000,000 payments; the goal: each period under 100 ms p95 (its charts read daily rollups).
 */
export async function benchDashboard(app: BenchApp): Promise<string[]> {
  const cookie = await benchAdminSignIn(app);
  const load = (period: string) =>
    runLoad({
      url: `${app.baseUrl}/api/admin/dashboard?period=${period}`,
      headers: { cookie },
      connections: 4,
      seconds: 10,
    });
  const lines: string[] = [];
  for (const period of ["30d", "12m"])
    lines.push(
      describeLoad(`GET /api/admin/dashboard?period=${period}, demo data (4 connections, 10 s)`, await load(period)),
    );

  for (const size of SIZES) {
    const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
    const seeded = Date.now();
    try {
      await seedDashboard(pool, size);
    } finally {
      await pool.end();
    }
    const sizeLabel = `${size.members.toLocaleString("en-US")} members, ${size.payments.toLocaleString("en-US")} payments`;
    lines.push(`Seeded up to ${sizeLabel} in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    await load("30d"); // warm the server and the caches once after seeding
    for (const period of ["30d", "90d", "12m"]) {
      const result = await load(period);
      lines.push(
        `${describeLoad(`GET /api/admin/dashboard?period=${period}, ${sizeLabel} (4 connections, 10 s)`, result)} (goal p95 under ${GOAL_P95_MS} ms: ${result.p95 < GOAL_P95_MS ? "met" : "NOT met"})`,
      );
    }
  }
  const page = await runLoad({
    url: `${app.baseUrl}/admin?period=12m`,
    headers: { cookie },
    connections: 4,
    seconds: 10,
  });
  lines.push(
    describeLoad(`GET /admin?period=12m (the page with its six charts), same data (4 connections, 10 s)`, page),
  );
  lines.push(`Server memory (RSS) after the load: ${rssOfListener(Number(new URL(app.baseUrl).port)).toFixed(0)} MB`);
  return lines;
}
