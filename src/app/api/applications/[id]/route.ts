// GET /api/applications/{id} - one application.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { getApplication } from "@/server/applications/queries";

export const GET = apiRoute({ access: ADMIN, params: idParams() }, async ({ params, user }) =>
  getApplication(user, params.id),
);
