import "server-only";
import { and, asc, count, desc, eq, exists, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "@/db";
import { contentBookmarks, contentCategories, contentItems, contentItemTags, contentTags, users } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { TIER_ORDER } from "@/lib/auth/access";
import { encodeCursor } from "@/lib/validation";
import { keysetPage } from "@/server/pagination";
import { canEditLibrary, isOpenTo, openToUser, visibleToUser } from "./access";
import { sanitizeArticleHtml } from "./html";
import { SEARCH_CANDIDATES, type LibraryFilters } from "@/features/library/schemas";
import type { LibraryCard, LibraryCategory, LibraryItem, LibraryTag } from "@/features/library/types";

/** What a card shows: never the body, video, attachment or external link. */
function cardColumns(user: SessionUser | null) {
  return {
    id: contentItems.id,
    title: contentItems.title,
    slug: contentItems.slug,
    summary: contentItems.summary,
    contentType: contentItems.contentType,
    featuredImage: contentItems.featuredImage,
    isFeatured: contentItems.isFeatured,
    isPublic: contentItems.isPublic,
    requiredMembershipLevel: contentItems.requiredMembershipLevel,
    status: contentItems.status,
    publishedAt: contentItems.publishedAt,
    viewCount: contentItems.viewCount,
    readingMinutes: contentItems.readingMinutes,
    categoryName: contentCategories.name,
    categorySlug: contentCategories.slug,
    categoryIsPublic: contentCategories.isPublic,
    categoryLevel: contentCategories.requiredMembershipLevel,
    /** True when her tier does not open it: she sees the card and the gating panel, nothing more. */
    locked: sql<boolean>`not ${openToUser(user)}`,
  };
}

interface CardGates {
  isPublic: boolean;
  requiredMembershipLevel: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  categoryIsPublic: boolean | null;
  categoryLevel: string | null;
}

/** The tier an item needs, the stricter of its own and its category's; null when every member reads it. */
export function itemReadableLevel(row: Omit<CardGates, "categoryName" | "categorySlug">): string | null {
  const itemLevel = row.isPublic ? null : row.requiredMembershipLevel;
  const categoryGate = row.categoryIsPublic === false ? row.categoryLevel : null;
  return stricterLevel(itemLevel, categoryGate);
}

function toCard<T extends CardGates>(row: T) {
  const { categoryName, categorySlug, categoryIsPublic, categoryLevel: _categoryLevel, ...rest } = row;
  return {
    ...rest,
    category: categorySlug ? { name: categoryName ?? "", slug: categorySlug } : null,
    // "Members Only" when the item or its category is gated.
    membersOnly: !row.isPublic || categoryIsPublic === false,
    requiredMembershipLevel: itemReadableLevel(row),
  };
}

function stricterLevel(a: string | null, b: string | null): string | null {
  if (!a || !b) return a ?? b;
  return TIER_ORDER.indexOf(a as never) >= TIER_ORDER.indexOf(b as never) ? a : b;
}

/**
 * Full-text search terms as a tsquery, which the rank uses: each word must match, the last one as a
 * prefix so results come while typing ("breath" finds "breathwork"). Only letters and digits reach
 * to_tsquery, so no input can inject its operators. Empty when the text has no words.
 */
function searchQueryText(search: string): string {
  const words = searchWords(search);
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(" & ");
}

/** The words a search looks for: letters and digits only, at most eight. */
function searchWords(search: string): string[] {
  return search.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
}

/**
 * The items a search matches (the member's list and the editor's), or null when the text has no
 * words. The same match as searchQueryText's, with the last word's prefix turned into the library's
 * whole words (migration 0031): computed once per search, the index then skips through the rarer
 * word's items instead of collecting every item of the prefix.
 */
export function searchMatch(search: string): SQL | null {
  const words = searchWords(search);
  if (!words.length) return null;
  return sql`${contentItems.searchVector} @@ (select content_search_query(array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]))`;
}

/**
 * The library list (GET /api/content/items and /api/content/bookmarks): published items matching the
 * filters, newest first. A search ranks a bounded set of candidates (docs/decisions/020-library.md):
 * the newest SEARCH_CANDIDATES matches (every match when there are fewer), best first by where the
 * words are (title, then tags, then summary, then body); `capped` says when more matched than were
 * ranked. Search looks into bodies, so it only returns items the member may read.
 */
export async function listLibraryPage(
  user: SessionUser,
  filters: LibraryFilters,
  options: { bookmarkedOnly?: boolean } = {},
): Promise<{ items: LibraryCard[]; capped: boolean; next: string | null }> {
  const conditions: (SQL | undefined)[] = [eq(contentItems.status, "published")];
  const terms = searchQueryText(filters.search);
  const match = searchMatch(filters.search);
  if (filters.search && !match) return { items: [], capped: false, next: null };
  const after = filters.after;
  if (filters.contentType) conditions.push(eq(contentItems.contentType, filters.contentType));
  if (filters.category) conditions.push(eq(contentCategories.slug, filters.category));
  if (filters.tag) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(contentItemTags)
          .innerJoin(contentTags, eq(contentTags.id, contentItemTags.tagId))
          .where(and(eq(contentItemTags.contentId, contentItems.id), eq(contentTags.slug, filters.tag))),
      ),
    );
  }
  if (filters.membersOnly) conditions.push(or(eq(contentItems.isPublic, false), eq(contentCategories.isPublic, false)));

  // Newest first: by when she bookmarked it in her bookmarks, by when it was published otherwise.
  const sortTime = options.bookmarkedOnly ? contentBookmarks.createdAt : contentItems.publishedAt;
  const matching = () => {
    let statement = db
      .select({ ...cardColumns(user), sortKey: sql<string>`${sortTime}::text` })
      .from(contentItems)
      .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
      .$dynamic();
    if (options.bookmarkedOnly) {
      statement = statement.innerJoin(
        contentBookmarks,
        and(eq(contentBookmarks.contentId, contentItems.id), eq(contentBookmarks.userId, user.id)),
      );
    }
    return statement;
  };

  if (!match) {
    if (after?.length === 2)
      conditions.push(sql`(${sortTime}, ${contentItems.id}) < (${after[0]}::timestamptz, ${after[1]})`);
    else if (after) return { items: [], capped: false, next: null };
    const rows = await matching()
      .where(and(...conditions))
      .orderBy(desc(sortTime), desc(contentItems.id))
      .limit(filters.limit + 1);
    const { page, next } = keysetPage(rows, filters.limit, (last) => encodeCursor([last.sortKey, last.id]));
    return { items: page.map(({ sortKey: _sortKey, ...row }) => toCard(row)), capped: false, next };
  }

  if (after && after.length !== 3) return { items: [], capped: false, next: null };
  const query = sql`to_tsquery('english', ${terms})`;
  conditions.push(match, openToUser(user));
  const bookmarks = options.bookmarkedOnly
    ? sql`inner join ${contentBookmarks} on ${contentBookmarks.contentId} = ${contentItems.id} and ${contentBookmarks.userId} = ${user.id}`
    : sql``;
  // The newest matches (ids only), one more than are ranked to know whether the cap applied; then the
  // ranking of those alone, and the cards of the page's few. Each candidate matched somewhere; the
  // rank weighs where else than the body (ts_rank's default weights: title A, tags B, summary C), so
  // an item whose words are only in its body ranks below the others, newest first among equals.
  // Ranking the whole vector cost four times as much (the body's every position) for that last order.
  const ranked = await db.execute<{ id: number; rank: number; published_key: string; capped: boolean }>(sql`
    with newest as (
      select ${contentItems.id} as id, ${contentItems.publishedAt} as published_at
      from ${contentItems} left join ${contentCategories} on ${contentCategories.id} = ${contentItems.categoryId} ${bookmarks}
      where ${and(...conditions)}
      order by ${contentItems.publishedAt} desc, ${contentItems.id} desc
      limit ${SEARCH_CANDIDATES + 1}
    ),
    candidates as (
      select id, published_at from (select id, published_at, row_number() over (order by published_at desc, id desc) as n from newest) numbered
      where n <= ${SEARCH_CANDIDATES}
    ),
    ranked as (
      select candidates.id, candidates.published_at, ts_rank(ts_filter(${contentItems.searchVector}, '{a,b,c}'), ${query}) as rank
      from candidates join ${contentItems} on ${contentItems.id} = candidates.id
    )
    select id, rank, published_at::text as published_key, (select count(*) from newest) > ${SEARCH_CANDIDATES} as capped
    from ranked
    ${after ? sql`where (rank, published_at, id) < (${after[0]}::real, ${after[1]}::timestamptz, ${after[2]})` : sql``}
    order by rank desc, published_at desc, id desc
    limit ${filters.limit + 1}`);
  const capped = ranked.rows[0]?.capped ?? false;
  const { page, next } = keysetPage(ranked.rows, filters.limit, (last) =>
    encodeCursor([last.rank, last.published_key, last.id]),
  );
  if (!page.length) return { items: [], capped, next };
  const cards = await matching().where(
    inArray(
      contentItems.id,
      page.map((row) => row.id),
    ),
  );
  const byId = new Map(cards.map(({ sortKey: _sortKey, ...card }) => [card.id, card]));
  return { items: page.flatMap((row) => (byId.has(row.id) ? [toCard(byId.get(row.id)!)] : [])), capped, next };
}

/** One item for its page and GET /api/content/items/{slug}; the content only when she may read it. */
export async function getLibraryItem(user: SessionUser, slug: string): Promise<LibraryItem | null> {
  const open = openToUser(user);
  const onlyIfOpen = (column: AnyPgColumn) => sql<string | null>`case when ${open} then ${column} end`;
  const [row] = await db
    .select({
      ...cardColumns(user),
      content: onlyIfOpen(contentItems.content),
      videoUrl: onlyIfOpen(contentItems.videoUrl),
      attachmentUrl: onlyIfOpen(contentItems.attachmentUrl),
      externalUrl: onlyIfOpen(contentItems.externalUrl),
      authorId: users.id,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      authorPicture: users.profilePicture,
    })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .leftJoin(users, eq(users.id, contentItems.authorId))
    .where(and(eq(contentItems.slug, slug), visibleToUser(user)))
    .limit(1);
  if (!row) return null;
  const {
    content,
    videoUrl,
    attachmentUrl,
    externalUrl,
    authorId,
    authorFirstName,
    authorLastName,
    authorPicture,
    ...card
  } = row;
  return {
    ...toCard(card),
    // Sanitized when saved and again here, whenever it is read (docs/decisions/020-library.md).
    content: content === null ? null : sanitizeArticleHtml(content),
    videoUrl,
    attachmentUrl,
    externalUrl,
    author: authorId
      ? { id: authorId, firstName: authorFirstName!, lastName: authorLastName!, profilePicture: authorPicture }
      : null,
    canEdit: canEditLibrary(user),
  };
}

/** A few more items of the same category for the item page's "More like this" tab. */
export async function listRelatedItems(
  user: SessionUser,
  item: { id: number; category: { slug: string } | null },
  limit = 3,
): Promise<LibraryCard[]> {
  if (!item.category) return [];
  const rows = await db
    .select(cardColumns(user))
    .from(contentItems)
    .innerJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(
      and(
        eq(contentItems.status, "published"),
        eq(contentCategories.slug, item.category.slug),
        ne(contentItems.id, item.id),
      ),
    )
    .orderBy(desc(contentItems.publishedAt))
    .limit(limit);
  return rows.map(toCard);
}

/** "More like this" of an item she may see, by its id (GET /api/content/items/{id}/related). */
export async function listRelatedItemsOf(user: SessionUser, itemId: number): Promise<LibraryCard[]> {
  const [row] = await db
    .select({ slug: contentCategories.slug })
    .from(contentItems)
    .innerJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(eq(contentItems.id, itemId))
    .limit(1);
  return listRelatedItems(user, { id: itemId, category: row ?? null });
}

/** A category's own columns, shared with the editor's list (taxonomy.ts). */
export const categoryColumns = {
  id: contentCategories.id,
  name: contentCategories.name,
  slug: contentCategories.slug,
  description: contentCategories.description,
  icon: contentCategories.icon,
  isPublic: contentCategories.isPublic,
  requiredMembershipLevel: contentCategories.requiredMembershipLevel,
};

/** Categories in the editor's order, each saying whether her tier opens it (the carousel's lock). */
export async function listLibraryCategories(user: SessionUser): Promise<LibraryCategory[]> {
  const rows = await db
    .select(categoryColumns)
    .from(contentCategories)
    .orderBy(asc(contentCategories.position), asc(contentCategories.name));
  return rows.map((row) => ({ ...row, locked: !isOpenTo(user, row) }));
}

export async function getLibraryCategory(user: SessionUser, slug: string): Promise<LibraryCategory | null> {
  const [row] = await db
    .select(categoryColumns)
    .from(contentCategories)
    .where(eq(contentCategories.slug, slug))
    .limit(1);
  return row ? { ...row, locked: !isOpenTo(user, row) } : null;
}

const tagColumns = { id: contentTags.id, name: contentTags.name, slug: contentTags.slug };

export async function listLibraryTags(): Promise<LibraryTag[]> {
  return db.select(tagColumns).from(contentTags).orderBy(asc(contentTags.name));
}

/** The tags most used by published items, for the chips above the list. */
export async function listPopularTags(limit = 20): Promise<LibraryTag[]> {
  return db
    .select(tagColumns)
    .from(contentTags)
    .innerJoin(contentItemTags, eq(contentItemTags.tagId, contentTags.id))
    .innerJoin(contentItems, and(eq(contentItems.id, contentItemTags.contentId), eq(contentItems.status, "published")))
    .groupBy(contentTags.id)
    .orderBy(desc(count()), asc(contentTags.name))
    .limit(limit);
}

export async function getLibraryTag(slug: string): Promise<LibraryTag | null> {
  const [row] = await db.select(tagColumns).from(contentTags).where(eq(contentTags.slug, slug)).limit(1);
  return row ?? null;
}

/** Tags of the published items of a category (GET /api/content/categories/{slug}/tags). */
export async function listCategoryTags(categoryId: number): Promise<LibraryTag[]> {
  return db
    .selectDistinct(tagColumns)
    .from(contentTags)
    .innerJoin(contentItemTags, eq(contentItemTags.tagId, contentTags.id))
    .innerJoin(contentItems, and(eq(contentItems.id, contentItemTags.contentId), eq(contentItems.status, "published")))
    .where(eq(contentItems.categoryId, categoryId))
    .orderBy(asc(contentTags.name));
}

/** Tags of one item (GET /api/content/items/{id}/tags and the item page). */
export async function listItemTags(itemIds: number[]): Promise<(LibraryTag & { contentId: number })[]> {
  if (!itemIds.length) return [];
  return db
    .select({ ...tagColumns, contentId: contentItemTags.contentId })
    .from(contentItemTags)
    .innerJoin(contentTags, eq(contentTags.id, contentItemTags.tagId))
    .where(inArray(contentItemTags.contentId, itemIds))
    .orderBy(asc(contentTags.name));
}
