// POST /api/auth/two-factor/confirm - turns two-factor sign-in on with a first code; answers the recovery codes once.
// This session has passed two-factor from now on; her other sessions end.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { twoFactorCodeSchema } from "@/features/auth/schemas";
import { currentSessionId } from "@/server/auth/current-user";
import { confirmTwoFactor } from "@/server/auth/two-factor";

export const POST = apiRoute({ access: SIGNED_IN, body: twoFactorCodeSchema }, async ({ user, body }) =>
  confirmTwoFactor(user.id, body.code, await currentSessionId()),
);
