// POST /api/create-payment-intent - authorize the tier's price for the application of a payment link (amount computed here).
import { apiRoute } from "@/server/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { paymentIntentRequestSchema } from "@/features/money/schemas";
import { createApplicationPaymentIntent } from "@/server/money/intents";

export const POST = apiRoute({ access: PUBLIC, body: paymentIntentRequestSchema }, async ({ request, body }) =>
  createApplicationPaymentIntent(body.token, clientIp(request.headers)),
);
