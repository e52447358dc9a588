// POST /api/applications/{id}/payment-link - email the applicant a fresh link to her payment (pending card applications).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { emailPaymentLink } from "@/server/money/payment-links";

export const POST = apiRoute({ access: ADMIN, params: idParams() }, async ({ request, user, params }) =>
  emailPaymentLink(params.id, { adminId: user!.id, ip: clientIp(request.headers), baseUrl: siteUrl() }),
);
