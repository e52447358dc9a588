// POST /api/payment-transactions/{id}/refund - refund a card payment in full or in part through Stripe.
import { idParams } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { refundSchema } from "@/features/money/schemas";
import { refundTransaction } from "@/server/money/transactions";

export const POST = apiRoute({ access: ADMIN, params: idParams(), body: refundSchema }, async ({ request, user, params, body }) =>
  created(await refundTransaction(params.id, body, { adminId: user!.id, ip: clientIp(request.headers), baseUrl: siteUrl() })),
);
