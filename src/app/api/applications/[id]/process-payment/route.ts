// POST /api/applications/{id}/process-payment - charge the tier's price to a Stripe payment method (admin).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { processCardPayment } from "@/server/money/intents";
import { processPaymentSchema } from "@/features/money/schemas";

export const POST = apiRoute(
  { access: ADMIN, params: idParams(), body: processPaymentSchema },
  async ({ request, user, params, body }) =>
    processCardPayment(params.id, body.paymentMethodId, actorOf(user, request.headers)),
);
