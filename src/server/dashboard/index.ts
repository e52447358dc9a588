import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/server/auth/sessions";
import { sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { CHARGE_KINDS } from "@/features/money/constants";
import { TIER_IDS } from "@/features/membership/constants";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "@/features/dashboard/periods";
import type { ActivityPoint, Dashboard, Funnel } from "@/features/dashboard/types";


/** Members who count: not disabled, not erased. */
const ACTIVE_MEMBER = sql`disabled_at is null and erased_at is null`;

/**
 * The admin dashboard for a period: every figure is one SQL aggregate over the period (the charts'
 * buckets come from generate_series, so empty days show as zero), never a loop over rows.
 */
export async function getDashboard(viewer: SessionUser, period: DashboardPeriod, now = new Date()): Promise<Dashboard> {
  assertAccess(viewer, ADMIN);
  const { days, bucket } = DASHBOARD_PERIODS[period];
  const since = new Date(now.getTime() - days * 86_400_000);
  const unit = sql.raw(`'${bucket}'`);
  // Buckets are UTC days, weeks and months, whatever the session's time zone.
  const utc = (value: Date) => sql`(${value}::timestamptz at time zone 'UTC')`;
  const buckets = sql`generate_series(date_trunc(${unit}, ${utc(since)}), date_trunc(${unit}, ${utc(now)}), ${sql.raw(`'1 ${bucket}'`)}::interval)`;
  const inPeriod = (column: SQL) => sql`${column} >= ${since} and ${column} < ${now}`;
  const perBucket = (table: SQL, column: SQL, extra: SQL = sql`true`) =>
    sql`(select date_trunc(${unit}, ${column} at time zone 'UTC') as b, count(*)::int as n from ${table} where ${inPeriod(column)} and ${extra} group by 1)`;
  const paying = sql.join(CHARGE_KINDS.map((kind) => sql`${kind}`), sql`, `);

  const [tiers, growth, funnel, money, activity] = await Promise.all([
    db.execute<{ tier: string | null; members: number }>(sql`
      select membership_level as tier, count(*)::int as members from users where ${ACTIVE_MEMBER} group by 1`),
    db.execute<{ bucket: string; joined: number; total: number }>(sql`
      select to_char(s.b, 'YYYY-MM-DD') as bucket, coalesce(j.n, 0) as joined,
        ((select count(*) from users where ${ACTIVE_MEMBER} and created_at < ${since}) + sum(coalesce(j.n, 0)) over (order by s.b))::int as total
      from ${buckets} as s(b)
      left join ${perBucket(sql`users`, sql`created_at`, ACTIVE_MEMBER)} j on j.b = s.b
      order by s.b`),
    // Each stage counts the applications of the one before it that got this far: a payment taken before
    // review (bank transfer) counts as paid only once she is approved, and a trial, invited without paying,
    // passes it as paid would, so no bar is taller than the one before.
    db.execute<Funnel>(sql`
      select count(*)::int as submitted,
        count(*) filter (where a.status = 'approved')::int as approved,
        count(*) filter (where a.status = 'approved' and (a.is_trial or exists (select 1 from payment_transactions p where p.application_id = a.id and p.kind = 'payment' and p.status in ('completed', 'refunded'))))::int as paid,
        count(*) filter (where a.status = 'approved' and a.user_id is not null)::int as joined
      from applications a where ${inPeriod(sql`a.created_at`)}`),
    db.execute<{ bucket: string; revenue: number; refunds: number }>(sql`
      select to_char(s.b, 'YYYY-MM-DD') as bucket, coalesce(m.revenue, 0)::int as revenue, coalesce(m.refunds, 0)::int as refunds
      from ${buckets} as s(b)
      left join (
        select date_trunc(${unit}, created_at at time zone 'UTC') as b,
          sum(amount) filter (where kind in (${paying})) as revenue,
          sum(amount) filter (where kind = 'refund') as refunds
        from payment_transactions where status in ('completed', 'refunded') and ${inPeriod(sql`created_at`)} group by 1
      ) m on m.b = s.b
      order by s.b`),
    db.execute<ActivityPoint>(sql`
      select to_char(s.b, 'YYYY-MM-DD') as bucket, coalesce(r.n, 0) as rsvps, coalesce(t.n, 0) as topics, coalesce(p.n, 0) as replies,
        coalesce(c.n, 0) as comments, coalesce(v.n, 0) as "libraryViews"
      from ${buckets} as s(b)
      left join ${perBucket(sql`event_rsvps`, sql`created_at`, sql`status = 'going'`)} r on r.b = s.b
      left join ${perBucket(sql`forum_topics`, sql`created_at`)} t on t.b = s.b
      left join ${perBucket(sql`forum_posts`, sql`created_at`)} p on p.b = s.b
      left join ${perBucket(sql`content_comments`, sql`created_at`)} c on c.b = s.b
      left join ${perBucket(sql`content_item_views`, sql`(day::timestamp at time zone 'UTC')`, sql`day >= ${utc(since)}::date`)} v on v.b = s.b
      order by s.b`),
  ]);

  const byTier = new Map(tiers.rows.map((row) => [row.tier, row.members]));
  return {
    period,
    since,
    tiers: [...TIER_IDS, null].map((tier) => ({ tier, members: byTier.get(tier) ?? 0 })),
    growth: growth.rows,
    funnel: funnel.rows[0]!,
    money: money.rows,
    activity: activity.rows,
  };
}
