import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { INTRODUCTIONS_CATEGORY_SLUG, type OnboardingStep } from "@/features/onboarding/constants";
import type { SiteSettings } from "@/features/settings/schemas";

// What each first step means in SQL, shared by her checklist, the administrators' overview and the
// reminder: each is read from what she did, never from a click on the checklist.

export interface StepTests {
  /** Whether she did the step: her id, or a column naming each member of a list. */
  doneBy(userId: number | SQL): Record<OnboardingStep, SQL>;
  /**
   * Whether the step can be done on this site: introducing herself needs the Introductions category
   * (not archived), the start-here step the published library item administrators chose.
   */
  available: Record<OnboardingStep, SQL>;
}

export function stepTests(settings: Pick<SiteSettings, "startHereItemId">): StepTests {
  const startHere = settings.startHereItemId;
  return {
    doneBy: (userId) => ({
      "photo-and-bio": sql`exists (select 1 from users where id = ${userId}
        and profile_picture is not null and length(trim(coalesce(bio, ''))) > 0)`,
      introduce: sql`exists (select 1 from forum_topics t join forum_categories c on c.id = t.category_id
        where t.user_id = ${userId} and c.slug = ${INTRODUCTIONS_CATEGORY_SLUG})`,
      reply: sql`exists (select 1 from forum_posts where user_id = ${userId} and status = 'visible')`,
      rsvp: sql`exists (select 1 from event_rsvps where user_id = ${userId} and status = 'going')`,
      "start-here":
        startHere === null
          ? sql`false`
          : sql`exists (select 1 from content_item_views where user_id = ${userId} and content_id = ${startHere})`,
      notifications: sql`(exists (select 1 from push_subscriptions where user_id = ${userId})
        or exists (select 1 from notification_preferences where user_id = ${userId} and delivery = 'email'))`,
    }),
    available: {
      "photo-and-bio": sql`true`,
      introduce: sql`exists (select 1 from forum_categories where slug = ${INTRODUCTIONS_CATEGORY_SLUG} and archived_at is null)`,
      reply: sql`true`,
      rsvp: sql`true`,
      "start-here":
        startHere === null
          ? sql`false`
          : sql`exists (select 1 from content_items where id = ${startHere} and status = 'published')`,
      notifications: sql`true`,
    },
  };
}

/** SQL: how many of `steps` she has done, counting only the steps this site can show. */
export function doneCount(tests: StepTests, steps: readonly OnboardingStep[], userId: number | SQL): SQL {
  const done = tests.doneBy(userId);
  return sql`(${sql.join(
    steps.map((step) => sql`(case when (${tests.available[step]}) and (${done[step]}) then 1 else 0 end)`),
    sql` + `,
  )})`;
}

/** SQL: how many of `steps` this site can show. */
export function shownCount(tests: StepTests, steps: readonly OnboardingStep[]): SQL {
  return sql`(${sql.join(
    steps.map((step) => sql`(case when ${tests.available[step]} then 1 else 0 end)`),
    sql` + `,
  )})`;
}
