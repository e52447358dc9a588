import { z } from "@/lib/validation";
import { ONBOARDING_STATUSES, ONBOARDING_STEPS } from "./constants";

/** Her checklist on /home: the steps administrators chose, in their order, each done or not. */
export const onboardingChecklistSchema = z.strictObject({
  /** Each with where she does it (the start-here step: the library item administrators chose). */
  steps: z.array(z.strictObject({ id: z.enum(ONBOARDING_STEPS), done: z.boolean(), href: z.string() })),
  /** She put it away; it stays away. */
  hidden: z.boolean(),
});
export type OnboardingChecklist = z.infer<typeof onboardingChecklistSchema>;

/** A library item administrators may choose as the start-here step's. */
export type StartHereChoice = { id: number; title: string };

/** /admin/onboarding?status=: the new members with one status; anything else shows them all. */
export const onboardingOverviewQuerySchema = z.object({ status: z.enum(ONBOARDING_STATUSES).optional() });
