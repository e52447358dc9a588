// GET /api/forum/categories/{slug} - one category by its address: `locked` when her tier does not open it
// (its topics are then not hers to list); 404 when it does not exist.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { getCategoryBySlug } from "@/server/forum";
import { slugParamsSchema } from "@/features/forum/schemas";

export const GET = apiRoute({ access: SIGNED_IN, params: slugParamsSchema }, async ({ user, params }) =>
  getCategoryBySlug(params.slug, user),
);
