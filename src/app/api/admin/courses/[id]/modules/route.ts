// POST /api/admin/courses/{id}/modules - a module at the end of the course (admins).
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute, created } from "@/server/http/api-route";
import { courseModuleSchema } from "@/features/courses/schemas";
import { createModule } from "@/server/courses/editor";

export const POST = apiRoute(
  { access: ADMIN, params: idParams(), body: courseModuleSchema },
  async ({ user, params, body }) => created(await createModule(user, params.id, body)),
);
