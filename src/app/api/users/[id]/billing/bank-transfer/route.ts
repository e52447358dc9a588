// POST /api/users/{id}/billing/bank-transfer - record a bank-transfer member's monthly payment; her paid period moves forward a month.
import { idParams } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { manualPaymentSchema } from "@/features/money/schemas";
import { recordBankTransfer } from "@/server/money/manual";

export const POST = apiRoute(
  { access: ADMIN, params: idParams(), body: manualPaymentSchema },
  async ({ request, user, params, body }) =>
    created(await recordBankTransfer(params.id, body.notes, actorOf(user, request.headers))),
);
