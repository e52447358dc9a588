// POST /api/applications/{id}/generate-referral - the partner's commission for an approved, paid referral.
import { idParams } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { generateReferral } from "@/server/applications/referrals";

export const POST = apiRoute({ access: ADMIN, params: idParams() }, async ({ request, user, params }) =>
  created(await generateReferral(params.id, { adminId: user!.id, ip: clientIp(request.headers) })),
);
