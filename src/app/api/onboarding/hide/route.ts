// POST /api/onboarding/hide - she puts her first-steps checklist on /home away.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { hideOnboardingChecklist } from "@/server/onboarding";

export const POST = apiRoute({ access: SIGNED_IN }, async ({ user }) => {
  await hideOnboardingChecklist(user);
  return { ok: true as const };
});
