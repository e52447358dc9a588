// GET /api/payment-transactions/{id} - one payment transaction.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { getTransaction } from "@/server/money/transactions";

export const GET = apiRoute({ access: ADMIN, params: idParams() }, async ({ params, user }) =>
  getTransaction(user, params.id),
);
