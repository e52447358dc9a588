// POST /api/applications/{id}/payment-link - email the applicant a fresh link to her payment (pending card applications).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { emailPaymentLink } from "@/server/money/payment-links";

export const POST = apiRoute({ access: ADMIN, params: idParams() }, async ({ request, user, params }) =>
  emailPaymentLink(params.id, actorOf(user, request.headers)),
);
