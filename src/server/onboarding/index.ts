import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { memberOnboarding } from "@/db/schema";
import {
  INTRODUCTIONS_CATEGORY_SLUG,
  START_HERE_ITEM_SLUG,
  type OnboardingStep,
} from "@/features/onboarding/constants";
import type { OnboardingChecklist } from "@/features/onboarding/types";
import type { SessionUser } from "@/server/auth/sessions";
import { getSiteSettings } from "@/server/settings";

// A new member's first steps. Each is read from what she did, in one query: the checklist is ticked by
// doing, never by a click on it, and a step undone (her photo removed) is shown undone again.

function doneBy(userId: number): Record<OnboardingStep, ReturnType<typeof sql>> {
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
const available: Partial<Record<OnboardingStep, ReturnType<typeof sql>>> = {
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
