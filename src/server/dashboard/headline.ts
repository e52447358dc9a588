import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { RECURRING_MEMBERSHIP_STATUSES } from "@/features/dashboard/headline";
import type { Headline } from "@/features/dashboard/types";

/**
 * The dashboard's headline figures, as they stand now, each exact and each read from a rollup or a
 * small index, so that the dashboard costs the same at 100,000 members (`npm run bench -- dashboard`):
 * - members by status as /admin/members filters them: active is the rollup of members neither
 *   disabled nor erased (members_by_tier) less those waiting for erasure; disabled and waiting for
 *   erasure are the few rows of partial indexes (migration 0033);
 * - applications waiting for review (applications_status_created_idx);
 * - monthly recurring revenue: each paying membership's tier price a month, a membership in
 *   RECURRING_MEMBERSHIP_STATUSES paid by card or bank transfer (a trial pays nothing yet), from the
 *   memberships_by_status rollup;
 * - members active this month: members seen (a session signed in or renewed) since the UTC month
 *   began, from the active_members_by_month rollup. Both rollups are kept by triggers (migration 0033).
 */
export async function headlineFigures(now: Date): Promise<Headline> {
  const recurring = sql.join(
    RECURRING_MEMBERSHIP_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const month = sql`date_trunc('month', ${now}::timestamptz at time zone 'UTC')::date`;
  const { rows } = await db.execute<{
    active: number;
    disabled: number;
    deletion_pending: number;
    applications_waiting: number;
    mrr: string;
    active_this_month: number;
  }>(sql`
    with leaving as (
      select count(*)::int as n from users
      where deletion_requested_at is not null and disabled_at is null and erased_at is null
    )
    select
      ((select coalesce(sum(members), 0) from members_by_tier) - (select n from leaving))::int as active,
      (select count(*) from users where disabled_at is not null and erased_at is null)::int as disabled,
      (select n from leaving) as deletion_pending,
      (select count(*) from applications where status = 'pending')::int as applications_waiting,
      (select coalesce(sum(t.monthly_price_cents::bigint * m.members), 0)
         from memberships_by_status m join membership_tiers t on t.id = m.tier
         where m.status in (${recurring}) and m.billing_method <> 'trial')::text as mrr,
      coalesce((select members from active_members_by_month where month = ${month}), 0)::int as active_this_month`);
  const row = rows[0]!;
  return {
    membersByStatus: { active: row.active, disabled: row.disabled, deletionPending: row.deletion_pending },
    applicationsWaiting: row.applications_waiting,
    monthlyRecurringRevenue: Number(row.mrr),
    activeThisMonth: row.active_this_month,
    monthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}
