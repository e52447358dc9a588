import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { CHARGE_KINDS } from "@/features/money/constants";
import { TIER_IDS } from "@/features/membership/constants";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "@/features/dashboard/periods";
import type { Dashboard, Funnel } from "@/features/dashboard/types";
import { headlineFigures } from "./headline";

/** Members who count: not disabled, not erased. */
const ACTIVE_MEMBER = sql`disabled_at is null and erased_at is null`;

/**
 * The admin dashboard for a period. The charts read the daily rollups (activity_daily, kept by triggers
 * on the tables they count: migration 0027), at most 366 rows whatever the size of the tables; only the
 * period's first, partial day is counted from the rows themselves, so every figure is what counting
 * the rows from `since` to `now` gives. Buckets come from generate_series, so empty ones show as zero.
 */
export async function getDashboard(viewer: SessionUser, period: DashboardPeriod, now = new Date()): Promise<Dashboard> {
  assertAccess(viewer, ADMIN);
  const { days, bucket } = DASHBOARD_PERIODS[period];
  const since = new Date(now.getTime() - days * 86_400_000);
  const unit = sql.raw(`'${bucket}'`);
  // Buckets are UTC days, weeks and months, whatever the session's time zone.
  const utc = (value: Date) => sql`(${value}::timestamptz at time zone 'UTC')`;
  const sinceDay = sql`${utc(since)}::date`;
  const firstDayEnd = sql`((${sinceDay} + 1)::timestamp at time zone 'UTC')`;
  const buckets = sql`generate_series(date_trunc(${unit}, ${utc(since)}), date_trunc(${unit}, ${utc(now)}), ${sql.raw(`'1 ${bucket}'`)}::interval)`;
  const inPeriod = (column: SQL) => sql`${column} >= ${since} and ${column} < ${now}`;
  const paying = sql.join(
    CHARGE_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const inFirstDay = (column: SQL) => sql`${column} >= ${since} and ${column} < least(${firstDayEnd}, ${now})`;
  const countInFirstDay = (table: SQL, extra: SQL = sql`true`) =>
    sql`(select count(*) from ${table} where ${inFirstDay(sql`created_at`)} and ${extra})::int`;
  // The period day by day: whole days from the rollups, the first one from the rows.
  const periodDays = sql`(
    select day, joined, revenue, refunds, rsvps, topics, replies, comments, library_views
      from activity_daily where day > ${sinceDay} and day <= ${utc(now)}::date
    union all
    select ${sinceDay}, ${countInFirstDay(sql`users`, ACTIVE_MEMBER)},
      (select coalesce(sum(amount) filter (where kind in (${paying})), 0) from payment_transactions where status in ('completed', 'refunded') and ${inFirstDay(sql`created_at`)})::bigint,
      (select coalesce(sum(amount) filter (where kind = 'refund'), 0) from payment_transactions where status in ('completed', 'refunded') and ${inFirstDay(sql`created_at`)})::bigint,
      ${countInFirstDay(sql`event_rsvps`, sql`status = 'going'`)}, ${countInFirstDay(sql`forum_topics`)}, ${countInFirstDay(sql`forum_posts`)}, ${countInFirstDay(sql`content_comments`)},
      (select count(*) from content_item_views where day = ${sinceDay} and ${inFirstDay(sql`(day::timestamp at time zone 'UTC')`)})::int
  )`;
  const perBucket = sql`(
    select date_trunc(${unit}, day::timestamp) as b, sum(joined)::int as joined, sum(revenue)::bigint as revenue, sum(refunds)::bigint as refunds,
      sum(rsvps)::int as rsvps, sum(topics)::int as topics, sum(replies)::int as replies, sum(comments)::int as comments, sum(library_views)::int as library_views
    from ${periodDays} d group by 1
  )`;
  // Members who joined before the period: the rollups' days before it, and the first day's part before `since`.
  const joinedBefore = sql`(
    (select coalesce(sum(joined), 0) from activity_daily where day < ${sinceDay})
    + (select count(*) from users where ${ACTIVE_MEMBER} and created_at >= (${sinceDay}::timestamp at time zone 'UTC') and created_at < ${since})
  )`;
  const [headline, tiers, series, funnel] = await Promise.all([
    headlineFigures(now),
    // Kept by triggers on users (migration 0027): '' is no membership.
    db.execute<{ tier: string | null; members: number }>(
      sql`select nullif(tier, '') as tier, members from members_by_tier`,
    ),
    db.execute<{
      bucket: string;
      joined: number;
      total: number;
      revenue: number;
      refunds: number;
      rsvps: number;
      topics: number;
      replies: number;
      comments: number;
      libraryViews: number;
    }>(sql`
      select to_char(s.b, 'YYYY-MM-DD') as bucket, coalesce(p.joined, 0) as joined,
        (${joinedBefore} + sum(coalesce(p.joined, 0)) over (order by s.b))::int as total,
        coalesce(p.revenue, 0)::int as revenue, coalesce(p.refunds, 0)::int as refunds,
        coalesce(p.rsvps, 0) as rsvps, coalesce(p.topics, 0) as topics, coalesce(p.replies, 0) as replies,
        coalesce(p.comments, 0) as comments, coalesce(p.library_views, 0) as "libraryViews"
      from ${buckets} as s(b)
      left join ${perBucket} p on p.b = s.b
      order by s.b`),
    // Each stage counts the applications of the one before it that got this far: a payment taken before
    // review (bank transfer) counts as paid only once she is approved, a trial, invited without paying,
    // passes it as paid would, and joined counts only those that passed paid, so no bar is taller than
    // the one before (an account made without a recorded payment, by an administrator, is not a step).
    db.execute<Funnel>(sql`
      select count(*)::int as submitted,
        count(*) filter (where a.status = 'approved')::int as approved,
        count(*) filter (where a.status = 'approved' and paid.yes)::int as paid,
        count(*) filter (where a.status = 'approved' and paid.yes and a.user_id is not null)::int as joined
      from applications a
      cross join lateral (select a.is_trial or exists (select 1 from payment_transactions p where p.application_id = a.id
        and p.kind = 'payment' and p.status in ('completed', 'refunded')) as yes) paid
      where ${inPeriod(sql`a.created_at`)}`),
  ]);

  const byTier = new Map(tiers.rows.map((row) => [row.tier, row.members]));
  return {
    period,
    since,
    headline,
    tiers: [...TIER_IDS, null].map((tier) => ({ tier, members: byTier.get(tier) ?? 0 })),
    growth: series.rows.map(({ bucket, joined, total }) => ({ bucket, joined, total })),
    funnel: funnel.rows[0]!,
    money: series.rows.map(({ bucket, revenue, refunds }) => ({ bucket, revenue, refunds })),
    activity: series.rows.map(({ bucket, rsvps, topics, replies, comments, libraryViews }) => ({
      bucket,
      rsvps,
      topics,
      replies,
      comments,
      libraryViews,
    })),
  };
}
