import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { memberOnboarding } from "@/db/schema";
import { ONBOARDING_STEP_TEXT } from "@/features/onboarding/constants";
import type { OnboardingChecklist } from "@/features/onboarding/types";
import type { SessionUser } from "@/lib/auth/session-user";
import { getSiteSettings } from "@/server/settings";
import { stepTests } from "./steps";

/**
 * Her checklist: the steps administrators chose, in their order, each done or not, in one query. A
 * step undone (her photo removed) is shown undone again; a step this site cannot show is left out.
 */
export async function onboardingChecklist(viewer: SessionUser): Promise<OnboardingChecklist> {
  const settings = await getSiteSettings();
  const tests = stepTests(settings);
  const checks = tests.doneBy(viewer.id);
  const columns = settings.onboardingSteps.flatMap((step, i) => [
    sql`(${checks[step]}) as ${sql.raw(`done_${i}`)}`,
    sql`(${tests.available[step]}) as ${sql.raw(`available_${i}`)}`,
  ]);
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select ${sql.join(columns, sql`, `)},
      (select slug from content_items where id = ${settings.startHereItemId} and status = 'published') as start_here_slug,
      exists (select 1 from member_onboarding where user_id = ${viewer.id} and hidden_at is not null) as hidden`,
  );
  const row = rows[0]!;
  const hrefOf = (step: (typeof settings.onboardingSteps)[number]) =>
    step === "start-here" ? `/library/item/${row.start_here_slug as string}` : ONBOARDING_STEP_TEXT[step].href;
  return {
    steps: settings.onboardingSteps
      .map((id, i) => ({ id, done: row[`done_${i}`] === true, available: row[`available_${i}`] === true }))
      .filter((step) => step.available)
      .map(({ id, done }) => ({ id, done, href: hrefOf(id) })),
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
