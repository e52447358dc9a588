// GET|POST /api/content/bookmarks - her bookmarked items (with the list's filters), and bookmark one.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { addBookmark } from "@/server/library/bookmarks";
import { listLibraryItems } from "@/server/library/queries";
import { bookmarkInputSchema, libraryFiltersSchema } from "@/features/library/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: libraryFiltersSchema }, async ({ user, query }) => listLibraryItems(user, query, { bookmarkedOnly: true }));

export const POST = apiRoute({ access: SIGNED_IN, body: bookmarkInputSchema }, async ({ user, body }) => {
  await addBookmark(user, body.contentId);
  return created({ isBookmarked: true });
});
