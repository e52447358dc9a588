// GET /api/content/bookmarks/{contentId}/status - whether she has bookmarked the item.
import { z } from "zod";
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/lib/http/api-route";
import { idSchema } from "@/lib/validation";
import { isBookmarked } from "@/server/library/bookmarks";

export const GET = apiRoute({ access: MEMBER, params: z.object({ contentId: idSchema }) }, async ({ user, params }) => ({
  isBookmarked: await isBookmarked(user, params.contentId),
}));
