// POST /api/users/{id}/billing/tier - upgrade now (charging the confirmed preview) or downgrade at the period's end.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF_OR_ADMIN } from "@/lib/auth/access";
import { changeTier } from "@/server/billing/changes";
import { actorOf } from "@/server/auth/actor";
import { changeTierSchema } from "@/features/billing/schemas";

export const POST = apiRoute(
  { access: SELF_OR_ADMIN, params: idParams(), body: changeTierSchema },
  async ({ request, user, params, body }) => changeTier(params.id, body, actorOf(user, request.headers)),
);
