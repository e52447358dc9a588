// PATCH /api/admin/forum/categories/{id} - edit or (un)archive a category; DELETE removes an empty one.
import { ADMIN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { deleteCategory, updateCategory } from "@/server/forum";
import { categoryUpdateSchema } from "@/features/forum/schemas";

export const PATCH = apiRoute(
  { access: ADMIN, params: idParams(), body: categoryUpdateSchema },
  async ({ user, params, body }) => updateCategory(user, params.id, body),
);

export const DELETE = apiRoute({ access: ADMIN, params: idParams() }, async ({ user, params }) => {
  await deleteCategory(user, params.id);
  return { deleted: true };
});
