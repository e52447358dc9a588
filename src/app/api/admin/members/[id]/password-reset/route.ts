// POST /api/admin/members/{id}/password-reset - emails her a password reset link.
import { idParams } from "@/lib/validation";
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { sendPasswordResetFor } from "@/server/admin-members";

export const POST = apiRoute({ access: ADMIN, params: idParams() }, async ({ request, user, params }) => {
  await sendPasswordResetFor(user, params.id, siteUrl(), clientIp(request.headers));
  return { ok: true };
});
