import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import { courses } from "@/db/schema";
import { actsAsAdmin } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { readableLevel } from "@/server/auth/tier-access";

/**
 * SQL true when her tier opens the course (the library's rule: her tier or one below it; admins open
 * every course). Lesson content is selected only where it holds, in the WHERE clause of its query.
 */
export function courseOpenTo(user: SessionUser): SQL {
  return readableLevel(courses.requiredMembershipLevel, user) ?? sql`true`;
}

/** Published courses are listed to every member, locked or not; admins also see drafts (their preview). */
export function courseVisibleTo(user: SessionUser): SQL | undefined {
  return actsAsAdmin(user) ? undefined : eq(courses.status, "published");
}
