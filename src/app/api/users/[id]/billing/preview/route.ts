// POST /api/users/{id}/billing/preview - Stripe's preview of what upgrading to a tier charges now.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF_OR_ADMIN } from "@/lib/auth/access";
import { previewUpgrade } from "@/server/billing/changes";
import { tierChoiceSchema } from "@/features/billing/schemas";

export const POST = apiRoute(
  { access: SELF_OR_ADMIN, params: idParams(), body: tierChoiceSchema },
  async ({ params, body }) => previewUpgrade(params.id, body.tier),
);
