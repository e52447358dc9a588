// POST /api/payment-transactions/{id}/refund - refund a card payment in full or in part through Stripe.
import { idParams } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { refundSchema } from "@/features/money/schemas";
import { refundTransaction } from "@/server/money/transactions";

export const POST = apiRoute(
  { access: ADMIN, params: idParams(), body: refundSchema },
  async ({ request, user, params, body }) =>
    created(await refundTransaction(params.id, body, actorOf(user, request.headers))),
);
