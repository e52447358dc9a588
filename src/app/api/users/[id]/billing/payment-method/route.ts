// POST /api/users/{id}/billing/payment-method - make the card of a confirmed SetupIntent her card on file (and pay what is overdue).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF } from "@/lib/auth/access";
import { saveCard } from "@/server/billing/changes";
import { actorOf } from "@/server/auth/actor";
import { paymentMethodSchema } from "@/features/billing/schemas";

export const POST = apiRoute(
  { access: SELF, params: idParams(), body: paymentMethodSchema },
  async ({ request, user, params, body }) => saveCard(params.id, body.setupIntentId, actorOf(user, request.headers)),
);
