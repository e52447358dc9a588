// PUT /api/admin/forum/categories/order - set the categories' order.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listCategoriesForAdmin, reorderCategories } from "@/server/forum";
import { reorderSchema } from "@/features/forum/schemas";

export const PUT = apiRoute({ access: ADMIN, body: reorderSchema }, async ({ user, body }) => {
  await reorderCategories(user, body.ids);
  return listCategoriesForAdmin(user);
});
