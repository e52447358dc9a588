// PATCH /api/payment-transactions/{id}/status - Mark as Completed / Mark as Failed for a manual payment (note required).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { markTransactionSchema } from "@/features/money/schemas";
import { markManualTransaction } from "@/server/money/manual";

export const PATCH = apiRoute(
  { access: ADMIN, params: idParams(), body: markTransactionSchema },
  async ({ request, user, params, body }) => markManualTransaction(params.id, body, actorOf(user, request.headers)),
);
