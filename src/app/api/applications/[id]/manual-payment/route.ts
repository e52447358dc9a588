// POST /api/applications/{id}/manual-payment - record a payment taken outside Stripe (tier price, completed).
import { idParams } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { recordManualPayment } from "@/server/money/manual";
import { manualPaymentSchema } from "@/features/money/schemas";

export const POST = apiRoute(
  { access: ADMIN, params: idParams(), body: manualPaymentSchema },
  async ({ request, user, params, body }) =>
    created(await recordManualPayment(params.id, body.notes, actorOf(user, request.headers))),
);
