// GET /api/admin/forum/categories - every category with its topic count; POST creates one.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { createCategory, listCategoriesForAdmin } from "@/server/forum";
import { categorySchema } from "@/features/forum/schemas";

export const GET = apiRoute({ access: ADMIN }, async ({ user }) => listCategoriesForAdmin(user));

export const POST = apiRoute({ access: ADMIN, body: categorySchema }, async ({ user, body }) =>
  created(await createCategory(user, body)),
);
