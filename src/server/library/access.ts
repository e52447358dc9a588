import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { contentCategories, contentItems } from "@/db/schema";
import { hasPermission, meetsLevel } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session-user";
import { readableLevel } from "@/server/auth/tier-access";

const EDITORS = "manage_content";

/**
 * Who reads the library: a gated item or category opens to members
 * whose tier is at least its required level. Editors (manage_content) and admins read everything:
 * they can open any item in the editor anyway.
 */
export function canEditLibrary(user: SessionUser | null): boolean {
  return hasPermission(user, EDITORS);
}

/**
 * SQL that is true when the user may read an item's content: the item and its category (left-joined
 * as content_categories) both open to her. Queries select the body, video, attachment and external
 * link only under this condition, and search only rows where it holds.
 */
export function openToUser(user: SessionUser | null): SQL {
  const itemLevel = readableLevel(contentItems.requiredMembershipLevel, user, EDITORS);
  const categoryLevel = readableLevel(contentCategories.requiredMembershipLevel, user, EDITORS);
  if (!itemLevel || !categoryLevel) return sql`true`;
  return sql`((${contentItems.isPublic} or ${itemLevel}) and (${contentCategories.id} is null or ${contentCategories.isPublic} or ${categoryLevel}))`;
}

/** Published items are listed to every member; editors also open drafts, scheduled and archived ones. */
export function visibleToUser(user: SessionUser | null): SQL | undefined {
  return canEditLibrary(user) ? undefined : eq(contentItems.status, "published");
}

interface Gate {
  isPublic: boolean;
  requiredMembershipLevel: string | null;
}

/** The same rule as openToUser, for one category already loaded. */
export function isOpenTo(user: SessionUser | null, gate: Gate | null): boolean {
  return gate === null || gate.isPublic || meetsLevel(user, gate.requiredMembershipLevel, EDITORS);
}

/**
 * Whether the user may read item `id` (visible to her and open to her tier): the check behind its
 * files (FILE_GATES in src/server/runtime/file-gates.ts), comments and views.
 */
export async function canReadItem(user: SessionUser | null, id: number): Promise<boolean> {
  const [row] = await db
    .select({ open: sql<boolean>`${openToUser(user)}` })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(and(eq(contentItems.id, id), visibleToUser(user)))
    .limit(1);
  return row?.open === true;
}

/** Refuses (404, as for a missing item) an item she may not read: its comments and views are part of it. */
export async function assertCanReadItem(user: SessionUser, id: number): Promise<void> {
  if (!(await canReadItem(user, id))) throw notFound("Content not found.");
}

/** Refuses (404) an item she cannot even see as a card (a draft, for a member). */
export async function assertCanSeeItem(user: SessionUser, id: number): Promise<void> {
  const [row] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.id, id), visibleToUser(user)))
    .limit(1);
  if (!row) throw notFound("Content not found.");
}
