// PUT /api/admin/course-modules/{id}/lesson-order - the module's lessons in a new order, dragged (admins).
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { reorderSchema } from "@/features/courses/schemas";
import { reorderLessons } from "@/server/courses/reorder";

export const PUT = apiRoute(
  { access: ADMIN, params: idParams(), body: reorderSchema },
  async ({ user, params, body }) => reorderLessons(user, params.id, body.ids),
);
