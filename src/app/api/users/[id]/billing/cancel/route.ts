// POST /api/users/{id}/billing/cancel - cancel at the end of the current period (once the term is served).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF_OR_ADMIN } from "@/lib/auth/access";
import { cancelMembership } from "@/server/billing/changes";
import { actorOf } from "@/server/auth/actor";

export const POST = apiRoute({ access: SELF_OR_ADMIN, params: idParams() }, async ({ request, user, params }) =>
  cancelMembership(params.id, actorOf(user, request.headers)),
);
