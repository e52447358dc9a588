import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import { db } from "@/db";
import { memberOnboarding } from "@/db/schema";
import {
  INTRODUCTIONS_CATEGORY_SLUG,
  START_HERE_ITEM_SLUG,
  type OnboardingStep,
} from "@/features/onboarding/constants";
import type { OnboardingChecklist } from "@/features/onboarding/types";
import type { SessionUser } from "@/lib/auth/session-user";
import { getSiteSettings } from "@/server/settings";

// A new member's first steps. Each is read from what she did, in one query: the checklist is ticked by
// doing, never by a click on it, and a step undone (her photo removed) is shown undone again.

/** Each step's test for one member: her id, or a column naming each member of a list. */
function doneBy(userId: number | SQL): Record<OnboardingStep, SQL> {
  return {
    "photo-and-bio": sql`exists (select 1 from users where id = ${userId}
      and profile_picture is not null and length(trim(coalesce(bio, ''))) > 0)`,
    introduce: sql`exists (select 1 from forum_topics t join forum_categories c on c.id = t.category_id
      where t.user_id = ${userId} and c.slug = ${INTRODUCTIONS_CATEGORY_SLUG})`,
    reply: sql`exists (select 1 from forum_posts where user_id = ${userId} and status = 'visible')`,
    rsvp: sql`exists (select 1 from event_rsvps where user_id = ${userId} and status = 'going')`,
    "start-here": sql`exists (select 1 from content_item_views v join content_items i on i.id = v.content_id
      where v.user_id = ${userId} and i.slug = ${START_HERE_ITEM_SLUG})`,
    notifications: sql`exists (select 1 from push_subscriptions where user_id = ${userId})
      or exists (select 1 from notification_preferences where user_id = ${userId} and delivery = 'email')`,
  };
}

/**
 * Whether a step can be done on this site: introducing herself needs the Introductions category, the
 * start-here step its library item; a site without one does not show the step.
 */
const available: Partial<Record<OnboardingStep, SQL>> = {
  introduce: sql`exists (select 1 from forum_categories where slug = ${INTRODUCTIONS_CATEGORY_SLUG} and archived_at is null)`,
  "start-here": sql`exists (select 1 from content_items where slug = ${START_HERE_ITEM_SLUG} and status = 'published')`,
};

/** Her checklist: the steps administrators chose, in their order, each done or not. */
export async function onboardingChecklist(viewer: SessionUser): Promise<OnboardingChecklist> {
  const { onboardingSteps } = await getSiteSettings();
  const checks = doneBy(viewer.id);
  const columns = onboardingSteps.flatMap((step, i) => [
    sql`(${checks[step]}) as ${sql.raw(`done_${i}`)}`,
    sql`(${available[step] ?? sql`true`}) as ${sql.raw(`available_${i}`)}`,
  ]);
  const { rows } = await db.execute<Record<string, boolean>>(
    sql`select ${sql.join(columns, sql`, `)},
      exists (select 1 from member_onboarding where user_id = ${viewer.id} and hidden_at is not null) as hidden`,
  );
  const row = rows[0]!;
  return {
    steps: onboardingSteps
      .map((id, i) => ({ id, done: row[`done_${i}`] === true, available: row[`available_${i}`] === true }))
      .filter((step) => step.available)
      .map(({ id, done }) => ({ id, done })),
    hidden: row.hidden === true,
  };
}

/** She puts the checklist away. */
export async function hideOnboardingChecklist(viewer: SessionUser): Promise<void> {
  await db
    .insert(memberOnboarding)
    .values({ userId: viewer.id, hiddenAt: sql`now()` })
    .onConflictDoUpdate({ target: memberOnboarding.userId, set: { hiddenAt: sql`now()` } });
}

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
  status: "finished" | "in progress" | "stuck" | "never signed in";
}

/**
 * For administrators: each member who joined in the last OVERVIEW_DAYS, newest first, with how many of
 * the steps shown today she has done, and whether she finished, is on her way, is stuck (joined more
 * than STUCK_AFTER_DAYS ago and not finished) or never signed in.
 */
export async function onboardingOverview(viewer: SessionUser): Promise<OnboardingRow[]> {
  assertAccess(viewer, ADMIN);
  const { onboardingSteps } = await getSiteSettings();
  const checks = doneBy(sql.raw("m.id"));
  const doneSum = sql.join(
    onboardingSteps.map((step) => sql`(case when ${checks[step]} then 1 else 0 end)`),
    sql` + `,
  );
  const { rows } = await db.execute<{
    id: number;
    first_name: string;
    last_name: string;
    created_at: Date;
    last_seen_at: Date | null;
    done: number;
  }>(sql`
    select m.id, m.first_name, m.last_name, m.created_at,
      (select max(s.last_seen_at) from sessions s where s.user_id = m.id) as last_seen_at,
      (${doneSum})::int as done
    from users m
    where m.created_at > now() - make_interval(days => ${OVERVIEW_DAYS}) and not m.is_admin
      and m.membership_level is not null and m.disabled_at is null and m.erased_at is null
    order by m.created_at desc, m.id desc
    limit ${OVERVIEW_LIMIT}`);
  const total = onboardingSteps.length;
  const stuckBefore = Date.now() - STUCK_AFTER_DAYS * 24 * 3600_000;
  return rows.map((row) => {
    const joinedAt = new Date(row.created_at);
    const status: OnboardingRow["status"] =
      row.last_seen_at === null
        ? "never signed in"
        : row.done >= total
          ? "finished"
          : joinedAt.getTime() < stuckBefore
            ? "stuck"
            : "in progress";
    return {
      id: row.id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      joinedAt,
      lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at) : null,
      done: row.done,
      total,
      status,
    };
  });
}
