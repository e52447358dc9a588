import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import type { StartHereChoice } from "@/features/onboarding/types";

/** The most a picker lists; the chosen item is always among them. */
const CHOICES_LIMIT = 500;

/**
 * For administrators choosing the start-here item: published library items, newest first, and the one
 * chosen now (`current`) whatever its age.
 */
export async function startHereChoices(viewer: SessionUser, current: number | null): Promise<StartHereChoice[]> {
  assertAccess(viewer, ADMIN);
  const { rows } = await db.execute<StartHereChoice>(sql`
    (select id, title from content_items where id = ${current} and status = 'published')
    union
    (select id, title from content_items where status = 'published' order by published_at desc nulls last, id desc limit ${CHOICES_LIMIT})
    order by title, id`);
  return rows;
}
