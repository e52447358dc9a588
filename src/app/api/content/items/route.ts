// GET /api/content/items - the library list: search, category, tag, contentType, membersOnly, limit, after
// (the cursor in NEXT_CURSOR_HEADER of the page before).
// A search that matched more items than it ranked says so in SEARCH_CAPPED_HEADER (the list stays a list).
import { NextResponse } from "next/server";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listLibraryPage } from "@/server/library/queries";
import { nextCursorHeader } from "@/server/pagination";
import { libraryFiltersSchema, SEARCH_CAPPED_HEADER } from "@/features/library/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: libraryFiltersSchema }, async ({ user, query }) => {
  const { items, capped, next } = await listLibraryPage(user, query);
  return NextResponse.json(items, {
    headers: { ...(capped ? { [SEARCH_CAPPED_HEADER]: "true" } : {}), ...nextCursorHeader(next) },
  });
});
