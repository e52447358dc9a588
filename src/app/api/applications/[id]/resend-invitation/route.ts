// POST /api/applications/{id}/resend-invitation - revoke the open invitation and email a fresh one.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { resendInvitation } from "@/server/applications/invitations";

export const POST = apiRoute({ access: ADMIN, params: idParams() }, async ({ request, user, params }) => {
  await resendInvitation(actorOf(user, request.headers), params.id);
  return { ok: true };
});
