// GET /api/applications/{id}/payment-transactions - the payment history of one application.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { listApplicationPayments } from "@/server/applications/queries";

export const GET = apiRoute({ access: ADMIN, params: idParams() }, async ({ params, user }) =>
  listApplicationPayments(user, params.id),
);
