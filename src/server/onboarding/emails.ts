import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { REMINDER_AFTER_DAYS } from "@/features/onboarding/constants";
import { MEMBERS_HOME } from "@/lib/auth/access";
import { activeMember, notifyMember, wantsKind } from "@/server/notifications";
import { getSiteSettings, readSiteSettings } from "@/server/settings";
import { doneCount, shownCount, stepTests } from "./steps";

// A new member's welcome and, if she has done none of her first steps after REMINDER_AFTER_DAYS, one
// reminder: notifications of the kind `first_steps`, so they go through the one pipeline
// (docs/decisions/041-one-notification-pipeline.md): in the app, and by email as she chose for that kind
// (email at once unless she changed it), with that channel's unsubscribe. Each has a dedupe key, so a
// second run, on this instance or another, makes nothing.

const WELCOME_KEY = "onboarding:welcome";
const REMINDER_KEY = "onboarding:reminder";
/**
 * A member is reminded by the first hourly run after REMINDER_AFTER_DAYS; a run that was missed (no
 * instance up) is made up within this window, and members who joined long before are never reminded.
 */
const REMINDER_WINDOW_HOURS = 48;

/** Her welcome, in the transaction that makes her account. */
export async function welcomeNewMember(executor: Executor, userId: number): Promise<void> {
  const { siteName } = await readSiteSettings(executor);
  await notifyMember(executor, {
    userId,
    kind: "first_steps",
    title: `Welcome to ${siteName}! Your first steps are waiting on your home page`,
    url: MEMBERS_HOME,
    dedupeKey: WELCOME_KEY,
  });
}

/**
 * Job handler, hourly: one reminder to each member who joined REMINDER_AFTER_DAYS ago (within the
 * window), has done none of the steps her checklist shows and has not put the checklist away. Answers
 * how many were made.
 */
export async function sendOnboardingReminders(now: Date = new Date()): Promise<number> {
  const settings = await getSiteSettings();
  const tests = stepTests(settings);
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, title, url, dedupe_key)
    select u.id, 'first_steps', ${`Your first steps at ${settings.siteName} are waiting on your home page`},
      ${MEMBERS_HOME}, ${REMINDER_KEY}
    from users u
    where u.membership_level is not null and not u.is_admin and ${activeMember("u")}
      and u.created_at <= ${now}::timestamptz - make_interval(days => ${REMINDER_AFTER_DAYS})
      and u.created_at > ${now}::timestamptz - make_interval(days => ${REMINDER_AFTER_DAYS}, hours => ${REMINDER_WINDOW_HOURS})
      and ${wantsKind(sql`u.id`, "first_steps")}
      and not exists (select 1 from member_onboarding o where o.user_id = u.id and o.hidden_at is not null)
      and ${shownCount(tests, settings.onboardingSteps)} > 0
      and ${doneCount(tests, settings.onboardingSteps, sql`u.id`)} = 0
    on conflict (user_id, dedupe_key) do nothing`);
  return result.rowCount ?? 0;
}
