// PUT /api/admin/courses/{id}/module-order - the course's modules in a new order, dragged (admins).
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { reorderSchema } from "@/features/courses/schemas";
import { reorderModules } from "@/server/courses/reorder";

export const PUT = apiRoute(
  { access: ADMIN, params: idParams(), body: reorderSchema },
  async ({ user, params, body }) => reorderModules(user, params.id, body.ids),
);
