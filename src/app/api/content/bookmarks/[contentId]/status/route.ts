// GET /api/content/bookmarks/{contentId}/status - whether she has bookmarked the item.
import { z, idSchema } from "@/lib/validation";
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { isBookmarked } from "@/server/library/bookmarks";

export const GET = apiRoute({ access: MEMBER, params: z.object({ contentId: idSchema }) }, async ({ user, params }) => ({
  isBookmarked: await isBookmarked(user, params.contentId),
}));
