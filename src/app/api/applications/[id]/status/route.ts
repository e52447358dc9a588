// PATCH /api/applications/{id}/status - approve (captures the card, invites) or reject (releases or refunds).
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { reviewApplication } from "@/server/applications/review";
import { reviewSchema } from "@/features/applications/schemas";

export const PATCH = apiRoute(
  { access: ADMIN, params: idParams(), body: reviewSchema },
  async ({ request, user, params, body }) => reviewApplication(params.id, body, actorOf(user, request.headers)),
);
