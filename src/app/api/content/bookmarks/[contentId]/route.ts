// DELETE /api/content/bookmarks/{contentId} - remove her bookmark of an item.
import { idParams } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { removeBookmark } from "@/server/library/bookmarks";

export const DELETE = apiRoute({ access: SIGNED_IN, params: idParams("contentId") }, async ({ user, params }) => {
  await removeBookmark(user, params.contentId);
  return { isBookmarked: false };
});
