import "server-only";
import { sql } from "drizzle-orm";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import { db } from "@/db";
import type { SessionUser } from "@/lib/auth/session-user";
import { getSiteSettings } from "@/server/settings";
import type { OnboardingStatus } from "@/features/onboarding/constants";
import { doneCount, shownCount, stepTests } from "./steps";

/** How long a new member has before an unfinished checklist counts as stuck. */
export const STUCK_AFTER_DAYS = 7;
/** The members the overview follows: those who joined within this many days. */
export const OVERVIEW_DAYS = 60;
const OVERVIEW_LIMIT = 200;

export interface OnboardingRow {
  id: number;
  name: string;
  joinedAt: Date;
  lastSeenAt: Date | null;
  done: number;
  total: number;
  status: OnboardingStatus;
}

export interface OnboardingOverview {
  /** The newest OVERVIEW_LIMIT of them (of those with the status asked for, when one is). */
  members: OnboardingRow[];
  /** Every member who joined in the last OVERVIEW_DAYS, by status (not only the rows shown). */
  counts: Record<OnboardingStatus, number>;
}

/**
 * For administrators: each member who joined in the last OVERVIEW_DAYS, newest first, with how many of
 * the steps shown today she has done, and whether she finished, is on her way, is stuck (joined more
 * than STUCK_AFTER_DAYS ago and not finished) or never signed in. A step this site cannot show is
 * not counted, so a member can finish without it. With `status`, only the members with that status are
 * listed (the counts stay everyone's), so that a busy month's stuck members are not past the list's end.
 */
export async function onboardingOverview(viewer: SessionUser, status?: OnboardingStatus): Promise<OnboardingOverview> {
  assertAccess(viewer, ADMIN);
  const settings = await getSiteSettings();
  const tests = stepTests(settings);
  const { rows } = await db.execute<{
    id: number | null;
    first_name: string;
    last_name: string;
    created_at: Date;
    last_seen_at: Date | null;
    done: number;
    total: number;
    status: OnboardingStatus;
    finished: number;
    in_progress: number;
    stuck: number;
    never: number;
  }>(sql`
    with total as (select ${shownCount(tests, settings.onboardingSteps)}::int as n),
    joined as (
      select m.id, m.first_name, m.last_name, m.created_at,
        (select max(s.last_seen_at) from sessions s where s.user_id = m.id) as last_seen_at,
        ${doneCount(tests, settings.onboardingSteps, sql.raw("m.id"))}::int as done
      from users m
      where m.created_at > now() - make_interval(days => ${OVERVIEW_DAYS}) and not m.is_admin
        and m.membership_level is not null and m.disabled_at is null and m.erased_at is null
    ),
    rated as (
      select joined.*, total.n as total,
        case when last_seen_at is null then 'never signed in'
          when done >= total.n then 'finished'
          when created_at < now() - make_interval(days => ${STUCK_AFTER_DAYS}) then 'stuck'
          else 'in progress' end as status
      from joined, total
    ),
    counts as (
      select (count(*) filter (where status = 'finished'))::int as finished,
        (count(*) filter (where status = 'in progress'))::int as in_progress,
        (count(*) filter (where status = 'stuck'))::int as stuck,
        (count(*) filter (where status = 'never signed in'))::int as never
      from rated
    )
    -- The counts come once even when no member has the status asked for (a row without a member).
    select listed.*, counts.* from counts left join lateral (
      select * from rated where ${status ?? null}::text is null or status = ${status ?? null}
      order by created_at desc, id desc
      limit ${OVERVIEW_LIMIT}
    ) listed on true`);
  const first = rows[0];
  return {
    members: rows
      .flatMap((row) => (row.id === null ? [] : [{ ...row, id: row.id }]))
      .map((row) => ({
        id: row.id,
        name: `${row.first_name} ${row.last_name}`.trim(),
        joinedAt: new Date(row.created_at),
        lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at) : null,
        done: row.done,
        total: row.total,
        status: row.status,
      })),
    counts: {
      finished: first?.finished ?? 0,
      "in progress": first?.in_progress ?? 0,
      stuck: first?.stuck ?? 0,
      "never signed in": first?.never ?? 0,
    },
  };
}
