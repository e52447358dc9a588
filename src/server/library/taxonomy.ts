import "server-only";
import { assertAccess, permission } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { asc, count, eq } from "drizzle-orm";
import { db } from "@/db";
import { contentCategories, contentItems, contentItemTags, contentTags } from "@/db/schema";
import { violatedConstraint } from "@/lib/database-errors";
import { AppError, badRequest, notFound } from "@/lib/errors";
import { slugify } from "@/lib/slug";
import { recordAudit } from "@/server/audit";
import { contentSaved } from "@/server/jobs/content-saved";
import type { z } from "@/lib/validation";
import { categoryColumns as categorySelection } from "./queries";
import {
  accessChoice,
  accessColumns,
  type LibraryCategoryInput,
  type libraryCategorySchema,
} from "@/features/library/schemas";
import type { EditorCategory, EditorTag } from "@/features/library/types";

type CategoryValues = z.output<typeof libraryCategorySchema>;

// Category and tag management for holders of manage_content (/admin/library/categories and /tags).

/** Categories with their number of items, as the editor's forms hold them. */
export async function listEditorCategories(viewer: SessionUser): Promise<EditorCategory[]> {
  assertAccess(viewer, permission("manage_content"));
  const rows = await db
    .select({
      ...categorySelection,
      position: contentCategories.position,
      itemCount: count(contentItems.id),
    })
    .from(contentCategories)
    .leftJoin(contentItems, eq(contentItems.categoryId, contentCategories.id))
    .groupBy(contentCategories.id)
    .orderBy(asc(contentCategories.position), asc(contentCategories.name));
  return rows.map(({ isPublic, requiredMembershipLevel, icon, ...row }) => ({
    ...row,
    icon: (icon ?? "book-open") as LibraryCategoryInput["icon"],
    access: accessChoice({ isPublic, requiredMembershipLevel }),
  }));
}

/** A .catch that turns a violation of `constraint` into a 409 with the field's message. */
function conflictOn(constraint: string, field: string, message: string) {
  return (error: unknown): never => {
    if (violatedConstraint(error) === constraint) throw new AppError(409, message, { [field]: message });
    throw error;
  };
}
const categorySlugTaken = conflictOn("content_categories_slug_key", "slug", "Another category already uses this slug.");
const tagExists = conflictOn("content_tags_slug_key", "name", "This tag already exists.");

function categoryColumns(input: CategoryValues) {
  const { access, ...rest } = input;
  return { ...rest, ...accessColumns(access) };
}

export async function createCategory(viewer: SessionUser, input: CategoryValues) {
  assertAccess(viewer, permission("manage_content"));
  const actorId = viewer.id;
  const [row] = await db.insert(contentCategories).values(categoryColumns(input)).returning().catch(categorySlugTaken);
  await recordAudit({
    actorId,
    action: "library.category.create",
    entityType: "content_category",
    entityId: row!.id,
    details: { slug: row!.slug },
  });
  return row!;
}

export async function updateCategory(viewer: SessionUser, id: number, input: CategoryValues) {
  assertAccess(viewer, permission("manage_content"));
  const actorId = viewer.id;
  const [row] = await db
    .update(contentCategories)
    .set(categoryColumns(input))
    .where(eq(contentCategories.id, id))
    .returning()
    .catch(categorySlugTaken);
  if (!row) throw notFound("Category not found.");
  await recordAudit({
    actorId,
    action: "library.category.update",
    entityType: "content_category",
    entityId: id,
    details: { slug: row.slug },
  });
  // A category's gate is part of every item's readable tier in the assistant's index.
  await contentSaved("library", db);
  return row;
}

/** Its items stay, without a category. */
export async function deleteCategory(viewer: SessionUser, id: number) {
  assertAccess(viewer, permission("manage_content"));
  const actorId = viewer.id;
  const [row] = await db
    .delete(contentCategories)
    .where(eq(contentCategories.id, id))
    .returning({ slug: contentCategories.slug });
  if (!row) throw notFound("Category not found.");
  await recordAudit({
    actorId,
    action: "library.category.delete",
    entityType: "content_category",
    entityId: id,
    details: { slug: row.slug },
  });
  await contentSaved("library", db);
}

export async function listEditorTags(viewer: SessionUser): Promise<EditorTag[]> {
  assertAccess(viewer, permission("manage_content"));
  return db
    .select({
      id: contentTags.id,
      name: contentTags.name,
      slug: contentTags.slug,
      itemCount: count(contentItemTags.contentId),
    })
    .from(contentTags)
    .leftJoin(contentItemTags, eq(contentItemTags.tagId, contentTags.id))
    .groupBy(contentTags.id)
    .orderBy(asc(contentTags.name));
}

function tagSlug(name: string): string {
  const slug = slugify(name);
  if (!slug)
    throw badRequest("Tags need at least one letter or number", { name: "Tags need at least one letter or number" });
  return slug;
}

export async function createTag(viewer: SessionUser, input: { name: string }) {
  assertAccess(viewer, permission("manage_content"));
  const actorId = viewer.id;
  const [row] = await db
    .insert(contentTags)
    .values({ name: input.name, slug: tagSlug(input.name) })
    .returning()
    .catch(tagExists);
  await recordAudit({
    actorId,
    action: "library.tag.create",
    entityType: "content_tag",
    entityId: row!.id,
    details: { slug: row!.slug },
  });
  return row!;
}

/** Renaming changes the tag's address too (/library/tag/{slug}). */
export async function renameTag(viewer: SessionUser, id: number, input: { name: string }) {
  assertAccess(viewer, permission("manage_content"));
  const actorId = viewer.id;
  const [row] = await db
    .update(contentTags)
    .set({ name: input.name, slug: tagSlug(input.name) })
    .where(eq(contentTags.id, id))
    .returning()
    .catch(tagExists);
  if (!row) throw notFound("Tag not found.");
  await recordAudit({
    actorId,
    action: "library.tag.update",
    entityType: "content_tag",
    entityId: id,
    details: { slug: row.slug },
  });
  return row;
}

export async function deleteTag(viewer: SessionUser, id: number) {
  assertAccess(viewer, permission("manage_content"));
  const actorId = viewer.id;
  const [row] = await db.delete(contentTags).where(eq(contentTags.id, id)).returning({ slug: contentTags.slug });
  if (!row) throw notFound("Tag not found.");
  await recordAudit({
    actorId,
    action: "library.tag.delete",
    entityType: "content_tag",
    entityId: id,
    details: { slug: row.slug },
  });
}
