// GET|POST /api/content/bookmarks - her bookmarked items (with the list's filters), and bookmark one.
import { NextResponse } from "next/server";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { addBookmark } from "@/server/library/bookmarks";
import { listLibraryPage } from "@/server/library/queries";
import { nextCursorHeader } from "@/server/pagination";
import { bookmarkInputSchema, libraryFiltersSchema, SEARCH_CAPPED_HEADER } from "@/features/library/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: libraryFiltersSchema }, async ({ user, query }) => {
  const { items, capped, next } = await listLibraryPage(user, query, { bookmarkedOnly: true });
  return NextResponse.json(items, {
    headers: { ...(capped ? { [SEARCH_CAPPED_HEADER]: "true" } : {}), ...nextCursorHeader(next) },
  });
});

export const POST = apiRoute({ access: SIGNED_IN, body: bookmarkInputSchema }, async ({ user, body }) => {
  await addBookmark(user, body.contentId);
  return created({ isBookmarked: true });
});
