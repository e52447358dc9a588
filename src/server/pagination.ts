import "server-only";
import { NEXT_CURSOR_HEADER } from "@/lib/validation";

// One helper per kind of page. Keyset pages (newest first, "next" links, the API's
// `after`/`before` cursors, whose schemas are cursorSchema in src/lib/validation.ts) are the rule;
// numbered offset pages are kept for the admin lists that show a page count. CSV exports read in
// capped keyset batches (pagesByIdDescending, src/server/csv.ts).

/**
 * A keyset page from `limit + 1` rows read past the cursor: the extra row only tells that there is a
 * next page, whose cursor is made from the last row shown.
 */
export function keysetPage<Row, Cursor>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (last: Row) => Cursor,
): { page: Row[]; next: Cursor | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** Numbered page `page` (1 is the first) of `size` rows, as LIMIT and OFFSET. */
export function offsetWindow(page: number, size: number): { limit: number; offset: number } {
  return { limit: size, offset: (Math.max(1, page) - 1) * size };
}

/** The header that gives a list answered as a bare JSON array its next page's cursor (none on the last page). */
export function nextCursorHeader(next: string | null): Record<string, string> {
  return next === null ? {} : { [NEXT_CURSOR_HEADER]: next };
}
