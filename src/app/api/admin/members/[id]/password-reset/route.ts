// POST /api/admin/members/{id}/password-reset - emails her a password reset link.
import { idParams } from "@/lib/validation";
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { sendPasswordResetFor } from "@/server/admin-members";

export const POST = apiRoute({ access: ADMIN, params: idParams() }, async ({ request, user, params }) => {
  await sendPasswordResetFor(actorOf(user, request.headers), params.id);
  return { ok: true };
});
