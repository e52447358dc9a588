// POST /api/admin/course-lessons/{id}/move - one place up or down in its module (admins).
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { moveSchema } from "@/features/courses/schemas";
import { moveLesson } from "@/server/courses/editor";

export const POST = apiRoute({ access: ADMIN, params: idParams(), body: moveSchema }, async ({ user, params, body }) =>
  moveLesson(user, params.id, body.direction),
);
