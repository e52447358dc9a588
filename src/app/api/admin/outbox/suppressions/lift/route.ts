// POST /api/admin/outbox/suppressions/lift - bulk mail goes to a refusing address again (admin only).
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { liftSuppressionByAdmin } from "@/server/email/suppressions";
import { liftSuppressionSchema } from "@/features/email/schemas";

export const POST = apiRoute({ access: ADMIN, body: liftSuppressionSchema }, async ({ body, user }) => {
  if (!(await liftSuppressionByAdmin(user, body.address))) throw notFound("This address is not refusing mail.");
  return { ok: true };
});
