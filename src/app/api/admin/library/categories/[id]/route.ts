// PUT|DELETE /api/admin/library/categories/{id} - edit a category, or delete it (its items stay, uncategorised).
import { idParams } from "@/lib/validation";
import { permission } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { libraryCategorySchema } from "@/features/library/schemas";
import { deleteCategory, updateCategory } from "@/server/library/taxonomy";

const params = idParams();

export const PUT = apiRoute(
  { access: permission("manage_content"), params, body: libraryCategorySchema },
  async ({ user, params, body }) => updateCategory(user, params.id, body),
);

export const DELETE = apiRoute({ access: permission("manage_content"), params }, async ({ user, params }) => {
  await deleteCategory(user, params.id);
  return { ok: true };
});
