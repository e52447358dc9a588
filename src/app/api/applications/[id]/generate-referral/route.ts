// POST /api/applications/{id}/generate-referral - the partner's commission for an approved, paid referral.
import { idParams } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { generateReferral } from "@/server/applications/referrals";

export const POST = apiRoute({ access: ADMIN, params: idParams() }, async ({ request, user, params }) =>
  created(await generateReferral(params.id, actorOf(user, request.headers))),
);
