// POST /api/auth/two-factor/disable - turns two-factor sign-in off with her password and a code (members only: admins keep it).
// Her other sessions end.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { disableTwoFactorSchema } from "@/features/auth/schemas";
import { currentSessionId } from "@/server/auth/current-user";
import { disableTwoFactor } from "@/server/auth/two-factor";

export const POST = apiRoute({ access: SIGNED_IN, body: disableTwoFactorSchema }, async ({ user, body }) => {
  await disableTwoFactor(user.id, body, await currentSessionId());
  return { ok: true };
});
