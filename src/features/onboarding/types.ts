import { z } from "@/lib/validation";
import { ONBOARDING_STEPS } from "./constants";

/** Her checklist on /home: the steps administrators chose, in their order, each done or not. */
export const onboardingChecklistSchema = z.strictObject({
  steps: z.array(z.strictObject({ id: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
  /** She put it away; it stays away. */
  hidden: z.boolean(),
});
export type OnboardingChecklist = z.infer<typeof onboardingChecklistSchema>;
