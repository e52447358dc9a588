// POST /api/create-payment-intent - authorize the tier's price for a pending application (amount computed here).
import { apiRoute } from "@/lib/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { createPaymentIntentSchema } from "@/server/applications/schemas";
import { createApplicationPaymentIntent } from "@/server/payments/intents";

export const POST = apiRoute({ access: PUBLIC, body: createPaymentIntentSchema }, async ({ request, body }) =>
  createApplicationPaymentIntent(body.applicationId, clientIp(request.headers)),
);
