// GET /api/content/bookmarks/{contentId}/status - whether she has bookmarked the item.
import { idParams } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { isBookmarked } from "@/server/library/bookmarks";

export const GET = apiRoute({ access: SIGNED_IN, params: idParams("contentId") }, async ({ user, params }) => ({
  isBookmarked: await isBookmarked(user, params.contentId),
}));
