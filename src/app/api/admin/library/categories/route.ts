// GET|POST /api/admin/library/categories - categories with their item counts, and create one (manage_content).
import { permission } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { libraryCategorySchema } from "@/features/library/schemas";
import { createCategory, listEditorCategories } from "@/server/library/taxonomy";

export const GET = apiRoute({ access: permission("manage_content") }, async ({ user }) => listEditorCategories(user));

export const POST = apiRoute(
  { access: permission("manage_content"), body: libraryCategorySchema },
  async ({ user, body }) => created(await createCategory(user, body)),
);
