// POST /api/users/{id}/billing/resume - undo a scheduled downgrade or cancellation.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF_OR_ADMIN } from "@/lib/auth/access";
import { resumeMembership } from "@/server/billing/changes";
import { actorOf } from "@/server/auth/actor";

export const POST = apiRoute({ access: SELF_OR_ADMIN, params: idParams() }, async ({ request, user, params }) =>
  resumeMembership(params.id, actorOf(user, request.headers)),
);
