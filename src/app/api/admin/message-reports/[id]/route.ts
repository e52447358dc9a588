// PATCH /api/admin/message-reports/{id} - dismiss the report or remove the message (audit-logged).
import { idParams } from "@/lib/validation";
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { reportDecisionSchema } from "@/features/messages/schemas";
import { decideMessageReport } from "@/server/messages";

export const PATCH = apiRoute(
  { access: ADMIN, params: idParams(), body: reportDecisionSchema },
  async ({ request, user, params, body }) =>
    decideMessageReport(actorOf(user, request.headers), params.id, body.decision),
);
