// GET /api/content/tags/{slug} - one tag.
import { SIGNED_IN } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { getLibraryTag } from "@/server/library/queries";
import { slugParamSchema } from "@/features/library/schemas";

export const GET = apiRoute({ access: SIGNED_IN, params: slugParamSchema }, async ({ params }) => {
  const tag = await getLibraryTag(params.slug);
  if (!tag) throw notFound("Tag Not Found");
  return tag;
});
