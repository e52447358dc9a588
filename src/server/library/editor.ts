import "server-only";
import { assertAccess, permission } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, asc, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor, Transaction } from "@/db/client";
import { contentCategories, contentItems, contentItemTags, contentTags, users } from "@/db/schema";
import type { ContentStatus } from "@/features/library/constants";
import { violatedConstraint } from "@/lib/database-errors";
import { AppError, badRequest, notFound } from "@/lib/errors";
import { slugify } from "@/lib/slug";
import { encodeCursor } from "@/lib/validation";
import { keysetPage } from "@/server/pagination";
import { recordAudit } from "@/server/audit";
import { contentSaved } from "@/server/jobs/content-saved";
import { QUEUES, sendJob } from "@/server/jobs/boss";
import { recordNotificationEvent, requestFanOut } from "@/server/notifications";
import { assertUsableUploads, attachFile, deleteStoredFiles } from "@/server/storage";
import { fileIdFromUrl } from "@/features/storage/kinds";
import { sanitizeArticleHtml, storedFileIdsIn } from "./html";
import { readingMinutes } from "@/features/library/text";
import { searchMatch } from "./queries";
import { accessChoice, accessColumns, type EditorListQuery, type LibraryItemValues } from "@/features/library/schemas";
import type { EditorItem, EditorListItem } from "@/features/library/types";

type ItemWrite = "create" | "update" | "publish" | "delete";

/**
 * Every change to library items passes through here, inside the transaction that makes it: created
 * or updated in the editor, published by the scheduler, deleted. It keeps the audit trail; anything
 * else that must follow an item's changes (the assistant's index) belongs here too.
 */
export async function recordItemWrite(
  executor: Executor,
  change: { action: ItemWrite; itemIds: number[]; actorId: number | null; details?: Record<string, unknown> },
) {
  for (const id of change.itemIds) {
    await recordAudit(
      {
        actorId: change.actorId,
        action: `library.item.${change.action}`,
        entityType: "content_item",
        entityId: id,
        details: change.details,
      },
      executor,
    );
  }
  await contentSaved("library", executor, change.itemIds);
}

// --- Reading for the editor --------------------------------------------------------------------

/** The admin list (GET /api/admin/library/items): every item, by status, newest change first. */
export async function listEditorItems(
  viewer: SessionUser,
  query: EditorListQuery,
): Promise<{ items: EditorListItem[]; counts: Partial<Record<ContentStatus, number>>; nextCursor: string | null }> {
  assertAccess(viewer, permission("manage_content"));
  const match = searchMatch(query.search);
  const after = query.after
    ? sql`(${contentItems.updatedAt}, ${contentItems.id}) < (${query.after[0]}::timestamptz, ${query.after[1]})`
    : undefined;
  const where = and(query.status ? eq(contentItems.status, query.status) : undefined, match ?? undefined, after);
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: contentItems.id,
        title: contentItems.title,
        slug: contentItems.slug,
        contentType: contentItems.contentType,
        status: contentItems.status,
        isFeatured: contentItems.isFeatured,
        publishedAt: contentItems.publishedAt,
        updatedAt: contentItems.updatedAt,
        viewCount: contentItems.viewCount,
        categoryName: contentCategories.name,
        authorFirstName: users.firstName,
        authorLastName: users.lastName,
        sortKey: sql<string>`${contentItems.updatedAt}::text`,
      })
      .from(contentItems)
      .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
      .leftJoin(users, eq(users.id, contentItems.authorId))
      .where(query.search && !match ? sql`false` : where)
      .orderBy(desc(contentItems.updatedAt), desc(contentItems.id))
      .limit(query.limit + 1),
    db.select({ status: contentItems.status, count: count() }).from(contentItems).groupBy(contentItems.status),
  ]);
  const { page, next } = keysetPage(rows, query.limit, (last) => encodeCursor([last.sortKey, last.id]));
  return {
    items: page.map(({ sortKey: _sortKey, ...item }) => item),
    nextCursor: next,
    counts: Object.fromEntries(counts.map((row) => [row.status, row.count])) as Partial<Record<ContentStatus, number>>,
  };
}

/** One item as the editor's form holds it (GET /api/admin/library/items/{id}). */
export async function getEditorItem(viewer: SessionUser, id: number): Promise<EditorItem> {
  assertAccess(viewer, permission("manage_content"));
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
  if (!row) throw notFound("Content not found.");
  const tags = await db
    .select({ name: contentTags.name })
    .from(contentItemTags)
    .innerJoin(contentTags, eq(contentTags.id, contentItemTags.tagId))
    .where(eq(contentItemTags.contentId, id))
    .orderBy(asc(contentTags.name));
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    contentType: row.contentType,
    content: row.content,
    featuredImage: row.featuredImage ?? "",
    videoUrl: row.videoUrl ?? "",
    attachmentUrl: row.attachmentUrl ?? "",
    externalUrl: row.externalUrl ?? "",
    categoryId: row.categoryId,
    tags: tags.map((tag) => tag.name),
    access: accessChoice(row),
    isFeatured: row.isFeatured,
    status: row.status,
    publishAt: row.status === "scheduled" && row.publishedAt ? row.publishedAt.toISOString() : "",
    publishedAt: row.publishedAt,
  };
}

// --- Files --------------------------------------------------------------------------------------

interface FileRef {
  id: string;
  purpose: "library-image" | "library-pdf" | "library-video";
  /** Featured images show on cards, which members below the item's level see too. */
  access: "members" | "gated";
  field: string;
}

function fileRefs(item: {
  featuredImage: string | null;
  attachmentUrl: string | null;
  videoUrl: string | null;
  content: string;
}): FileRef[] {
  const refs = new Map<string, FileRef>();
  const add = (url: string | null, purpose: FileRef["purpose"], access: FileRef["access"], field: string) => {
    const id = fileIdFromUrl(url);
    if (id && !refs.has(id)) refs.set(id, { id, purpose, access, field });
  };
  add(item.featuredImage, "library-image", "members", "featuredImage");
  for (const id of storedFileIdsIn(item.content)) add(`/api/files/${id}`, "library-image", "gated", "content");
  add(item.attachmentUrl, "library-pdf", "gated", "attachmentUrl");
  add(item.videoUrl, "library-video", "gated", "videoUrl");
  return [...refs.values()];
}

// --- Writing ------------------------------------------------------------------------------------

/** The stored columns of an item from the editor's values; fields of other types are cleared. */
function itemColumns(input: LibraryItemValues, previous: { status: string; publishedAt: Date | null } | null) {
  const article = input.contentType === "article";
  const content = article ? sanitizeArticleHtml(input.content) : "";
  let publishedAt: Date | null = null;
  if (input.status === "published")
    publishedAt = previous?.status === "published" && previous.publishedAt ? previous.publishedAt : new Date();
  else if (input.status === "scheduled") publishedAt = new Date(input.publishAt);
  else if (input.status === "archived") publishedAt = previous?.publishedAt ?? null;
  return {
    title: input.title,
    slug: input.slug,
    summary: input.summary,
    contentType: input.contentType,
    content,
    readingMinutes: article ? readingMinutes(content) : null,
    featuredImage: input.featuredImage || null,
    videoUrl: input.contentType === "video" ? input.videoUrl : null,
    attachmentUrl: input.contentType === "pdf" ? input.attachmentUrl : null,
    externalUrl: input.contentType === "external" ? input.externalUrl : null,
    categoryId: input.categoryId,
    ...accessColumns(input.access),
    isFeatured: input.isFeatured,
    status: input.status,
    publishedAt,
  };
}

/** The item's tags, created on the fly by name; answers their ids. */
async function upsertTags(tx: Transaction, names: string[]): Promise<number[]> {
  const bySlug = new Map<string, string>();
  for (const name of names) {
    const slug = slugify(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name.trim());
  }
  if (!bySlug.size) return [];
  await tx
    .insert(contentTags)
    .values([...bySlug].map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing({ target: contentTags.slug });
  const rows = await tx
    .select({ id: contentTags.id })
    .from(contentTags)
    .where(inArray(contentTags.slug, [...bySlug.keys()]));
  return rows.map((row) => row.id);
}

async function replaceItemTags(tx: Transaction, itemId: number, names: string[]) {
  const tagIds = await upsertTags(tx, names);
  await tx.delete(contentItemTags).where(eq(contentItemTags.contentId, itemId));
  if (tagIds.length) await tx.insert(contentItemTags).values(tagIds.map((tagId) => ({ contentId: itemId, tagId })));
}

function translateSaveError(error: unknown): never {
  const constraint = violatedConstraint(error);
  if (constraint === "content_items_slug_key")
    throw new AppError(409, "Another item already uses this slug.", { slug: "Another item already uses this slug." });
  if (constraint?.includes("category_id"))
    throw badRequest("Please choose a category", { categoryId: "Please choose a category" });
  throw error;
}

/**
 * Work after the commit (deleting files an item no longer uses, queueing a scheduled publication).
 * The change stands if it fails: it is logged, and the minutely publish job catches up.
 */
async function afterCommit(work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    console.error("[library] after saving an item", error);
  }
}

async function saveItem(id: number | null, input: LibraryItemValues, actorId: number) {
  let removed: string[] = [];
  let publishedEvent: number | null = null;
  const saved = await db
    .transaction(async (tx) => {
      const previous =
        id === null
          ? null
          : ((await tx.select().from(contentItems).where(eq(contentItems.id, id)).for("update").limit(1))[0] ?? null);
      if (id !== null && !previous) throw notFound("Content not found.");
      const columns = itemColumns(input, previous);
      const refs = fileRefs(columns);
      const previousRefs = previous ? fileRefs(previous) : [];
      // A file joins an item when it already belongs to it, or passes the uploads' one check.
      await assertUsableUploads(
        tx,
        refs.filter((ref) => !previousRefs.some((held) => held.id === ref.id)),
        actorId,
      );

      const [row] = previous
        ? await tx.update(contentItems).set(columns).where(eq(contentItems.id, previous.id)).returning()
        : await tx
            .insert(contentItems)
            .values({ ...columns, authorId: actorId })
            .returning();
      await replaceItemTags(tx, row!.id, input.tags);
      for (const ref of refs)
        await attachFile(ref.id, ref.access, ref.access === "gated" ? { kind: "library-item", id: row!.id } : null, tx);
      await recordItemWrite(tx, {
        action: previous ? "update" : "create",
        itemIds: [row!.id],
        actorId,
        details: { slug: row!.slug, status: row!.status },
      });
      removed = previousRefs.filter((old) => !refs.some((ref) => ref.id === old.id)).map((old) => old.id);
      // Members whose tier opens it hear of an item the first time it is published.
      if (row!.status === "published" && previous?.status !== "published")
        publishedEvent = await recordNotificationEvent(tx, { kind: "library_item", itemId: row!.id });
      return row!;
    })
    .catch(translateSaveError);
  await afterCommit(async () => {
    await deleteStoredFiles(removed);
    if (publishedEvent !== null) await requestFanOut([publishedEvent]);
    if (saved.status === "scheduled" && saved.publishedAt) await requestScheduledPublish(saved.publishedAt);
  });
  return saved;
}

export function createItem(viewer: SessionUser, input: LibraryItemValues) {
  assertAccess(viewer, permission("manage_content"));
  return saveItem(null, input, viewer.id);
}

export function updateItem(viewer: SessionUser, id: number, input: LibraryItemValues) {
  assertAccess(viewer, permission("manage_content"));
  return saveItem(id, input, viewer.id);
}

/** Deletes an item with its tags, comments, bookmarks and views, then its files. */
export async function deleteItem(viewer: SessionUser, id: number): Promise<void> {
  assertAccess(viewer, permission("manage_content"));
  const actorId = viewer.id;
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(contentItems).where(eq(contentItems.id, id)).returning();
    if (!row) throw notFound("Content not found.");
    await recordItemWrite(tx, {
      action: "delete",
      itemIds: [id],
      actorId,
      details: { slug: row.slug, title: row.title },
    });
    return fileRefs(row).map((ref) => ref.id);
  });
  await afterCommit(() => deleteStoredFiles(removed));
}

/** Publishes every scheduled item whose time has come (the library.publish job). */
export async function publishDueItems(now = new Date()): Promise<number> {
  const events: number[] = [];
  const count = await db.transaction(async (tx) => {
    const published = await tx
      .update(contentItems)
      .set({ status: "published" })
      .where(and(eq(contentItems.status, "scheduled"), lte(contentItems.publishedAt, now)))
      .returning({ id: contentItems.id });
    await recordItemWrite(tx, {
      action: "publish",
      itemIds: published.map((row) => row.id),
      actorId: null,
      details: { scheduled: true },
    });
    for (const row of published)
      events.push(await recordNotificationEvent(tx, { kind: "library_item", itemId: row.id }));
    return published.length;
  });
  await requestFanOut(events);
  return count;
}

/** Asks the job queue to publish at `at`; the minutely schedule catches a request that was lost. */
async function requestScheduledPublish(at: Date) {
  await sendJob(QUEUES.libraryPublish.name, {}, { startAfter: at, singletonKey: `library-publish-${at.getTime()}` });
}
