// POST /api/applications/{id}/resend-invitation - revoke the open invitation and email a fresh one.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { resendInvitation } from "@/server/applications/invitations";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail } from "@/server/email/outbox";

export const POST = apiRoute({ access: ADMIN, params: idParams() }, async ({ request, user, params }) => {
  await transactionWithEmail(async (tx, queueEmail) => {
    await resendInvitation(tx, queueEmail, params.id, siteUrl());
    await recordAudit({ actorId: user!.id, action: "invitation.resent", entityType: "application", entityId: params.id, ip: clientIp(request.headers) }, tx);
  });
  return { ok: true };
});
