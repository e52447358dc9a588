// GET /api/users/{id}/payment-transactions - a member's own payments (admins: anyone's).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF_OR_ADMIN } from "@/lib/auth/access";
import { listUserTransactions } from "@/server/money/transactions";

export const GET = apiRoute({ access: SELF_OR_ADMIN, params: idParams() }, async ({ user, params }) =>
  listUserTransactions(params.id, user),
);
