// GET /api/users/{id}/billing - her membership billing: tier, status, next charge, card, invoices (admins: anyone's).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF_OR_ADMIN } from "@/lib/auth/access";
import { getBillingOverview } from "@/server/billing/overview";

export const GET = apiRoute({ access: SELF_OR_ADMIN, params: idParams() }, async ({ user, params }) =>
  getBillingOverview(params.id, user),
);
