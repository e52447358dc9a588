// PUT|DELETE /api/admin/course-modules/{id} - save a module (its title and when its lessons open), delete it with its lessons (admins).
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { courseModuleSchema } from "@/features/courses/schemas";
import { deleteModule, updateModule } from "@/server/courses/editor";

const params = idParams();

export const PUT = apiRoute({ access: ADMIN, params, body: courseModuleSchema }, async ({ user, params, body }) =>
  updateModule(user, params.id, body),
);

export const DELETE = apiRoute({ access: ADMIN, params }, async ({ user, params }) => {
  await deleteModule(user, params.id);
  return { ok: true };
});
