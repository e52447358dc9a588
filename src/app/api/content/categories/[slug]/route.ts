// GET /api/content/categories/{slug} - one category.
import { SIGNED_IN } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { getLibraryCategory } from "@/server/library/queries";
import { slugParamSchema } from "@/features/library/schemas";

export const GET = apiRoute({ access: SIGNED_IN, params: slugParamSchema }, async ({ user, params }) => {
  const category = await getLibraryCategory(user, params.slug);
  if (!category) throw notFound("Category Not Found");
  return category;
});
