import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { contentSaved } from "@/server/jobs/content-saved";
import { asc, count, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { forumCategories, forumTopics } from "@/db/schema";
import { AppError, conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { selectCategoriesWithCounts } from "./queries";
import type { CategoryInput } from "@/features/forum/schemas";
import { violatedConstraint } from "@/lib/database-errors";

// Forum management (/admin/forum); every change is audit-logged in its own transaction.

const SLUG_TAKEN = "That slug is already used by another category.";

function categoryValues(input: Partial<CategoryInput>) {
  const values: Partial<typeof forumCategories.$inferInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.slug !== undefined) values.slug = input.slug;
  if (input.description !== undefined) values.description = input.description;
  if (input.icon !== undefined) values.icon = input.icon || null;
  if (input.color !== undefined) values.color = input.color || null;
  if (input.isPrivate !== undefined) values.isPrivate = input.isPrivate;
  if (input.requiredMembershipLevel !== undefined) values.requiredMembershipLevel = input.requiredMembershipLevel;
  return values;
}

const isSlugTaken = (error: unknown) => violatedConstraint(error) === "forum_categories_slug_key";

/** All categories with their topic counts, archived ones included, in the members' order. */
export async function listCategoriesForAdmin(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  return selectCategoriesWithCounts().orderBy(asc(forumCategories.position), asc(forumCategories.id));
}
export type AdminCategory = Awaited<ReturnType<typeof listCategoriesForAdmin>>[number];

export async function createCategory(viewer: SessionUser, input: CategoryInput) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  try {
    return await db.transaction(async (tx) => {
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${forumCategories.position}) + 1, 0)::int` })
        .from(forumCategories)) as [{ next: number }];
      const [row] = await tx
        .insert(forumCategories)
        .values({ ...(categoryValues(input) as typeof forumCategories.$inferInsert), position: next })
        .returning();
      await recordAudit(
        {
          actorId,
          action: "forum.category.create",
          entityType: "forum_category",
          entityId: row!.id,
          details: { name: row!.name },
        },
        tx,
      );
      return row!;
    });
  } catch (error) {
    if (isSlugTaken(error)) throw new AppError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
    throw error;
  }
}

export async function updateCategory(
  viewer: SessionUser,
  id: number,
  input: Partial<CategoryInput> & { archived?: boolean },
) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  const values = categoryValues(input);
  if (input.archived !== undefined) values.archivedAt = input.archived ? new Date() : null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.update(forumCategories).set(values).where(eq(forumCategories.id, id)).returning();
      if (!row) throw notFound("Category not found.");
      const action = input.archived === true ? "archive" : input.archived === false ? "unarchive" : "update";
      await recordAudit(
        {
          actorId,
          action: `forum.category.${action}`,
          entityType: "forum_category",
          entityId: id,
          details: { name: row.name },
        },
        tx,
      );
      // Who may read its topics changed: so does who may be answered from them.
      if (input.requiredMembershipLevel !== undefined) await contentSaved("forum", tx);
      return row;
    });
  } catch (error) {
    if (isSlugTaken(error)) throw new AppError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
    throw error;
  }
}

/** Only an empty category can be deleted; one with topics is archived instead (its history stays). */
export async function deleteCategory(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  await db.transaction(async (tx) => {
    const [category] = await tx
      .select({ name: forumCategories.name })
      .from(forumCategories)
      .where(eq(forumCategories.id, id))
      .for("update");
    if (!category) throw notFound("Category not found.");
    const [{ n }] = (await tx.select({ n: count() }).from(forumTopics).where(eq(forumTopics.categoryId, id))) as [
      { n: number },
    ];
    if (n > 0) throw conflict("This category has topics, so it cannot be deleted. Archive it instead.");
    await tx.delete(forumCategories).where(eq(forumCategories.id, id));
    await recordAudit(
      {
        actorId,
        action: "forum.category.delete",
        entityType: "forum_category",
        entityId: id,
        details: { name: category.name },
      },
      tx,
    );
  });
}

/** Sets the categories' order to the order of `ids` (each must be a category). */
export async function reorderCategories(viewer: SessionUser, ids: number[]) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: forumCategories.id }).from(forumCategories);
    const known = new Set(existing.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new AppError(400, "The order must list every category once.");
    }
    for (const [position, id] of ids.entries())
      await tx.update(forumCategories).set({ position }).where(eq(forumCategories.id, id));
    await recordAudit(
      { actorId, action: "forum.category.reorder", entityType: "forum_category", details: { ids } },
      tx,
    );
  });
}

export async function moderateTopic(
  viewer: SessionUser,
  id: number,
  change: { isPinned?: boolean; isLocked?: boolean; categoryId?: number },
) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  return db.transaction(async (tx) => {
    if (change.categoryId !== undefined) {
      const [target] = await tx
        .select({ id: forumCategories.id })
        .from(forumCategories)
        .where(eq(forumCategories.id, change.categoryId));
      if (!target)
        throw new AppError(400, "That category does not exist.", { categoryId: "That category does not exist." });
    }
    // The topic's row is touched only by these flags; updatedAt would otherwise mark it as edited.
    const [row] = await tx
      .update(forumTopics)
      .set({ ...change, updatedAt: sql`${forumTopics.updatedAt}` })
      .where(eq(forumTopics.id, id))
      .returning({
        id: forumTopics.id,
        title: forumTopics.title,
        isPinned: forumTopics.isPinned,
        isLocked: forumTopics.isLocked,
        categoryId: forumTopics.categoryId,
      });
    if (!row) throw notFound("Topic not found.");
    const action =
      change.categoryId !== undefined
        ? "move"
        : change.isPinned !== undefined
          ? change.isPinned
            ? "pin"
            : "unpin"
          : change.isLocked
            ? "lock"
            : "unlock";
    await recordAudit(
      {
        actorId,
        action: `forum.topic.${action}`,
        entityType: "forum_topic",
        entityId: id,
        details: { title: row.title, ...change },
      },
      tx,
    );
    if (change.categoryId !== undefined) await contentSaved("forum", tx, id);
    return row;
  });
}

export async function deleteTopic(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(forumTopics).where(eq(forumTopics.id, id)).returning({ title: forumTopics.title });
    if (!row) throw notFound("Topic not found.");
    await recordAudit(
      { actorId, action: "forum.topic.delete", entityType: "forum_topic", entityId: id, details: { title: row.title } },
      tx,
    );
    await contentSaved("forum", tx, id);
  });
}
