// POST /api/admin/course-modules/{id}/move - one place up or down in its course (admins).
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { moveSchema } from "@/features/courses/schemas";
import { moveModule } from "@/server/courses/editor";

export const POST = apiRoute({ access: ADMIN, params: idParams(), body: moveSchema }, async ({ user, params, body }) =>
  moveModule(user, params.id, body.direction),
);
