import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { courses } from "@/db/schema";
import { actsAsAdmin } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { readableLevel } from "@/server/auth/tier-access";
import { reachesLevel } from "@/server/levels";
import { idInQuery, tiersShape, type InQuery } from "@/server/prepared-queries";

/** Her as a course's query sees her: the session user, or her in a query built once (`readerInQuery`). */
export type CourseReader = SessionUser | InQuery<SessionUser>;

/**
 * What shapes a course query of hers (docs/decisions/061-hot-queries-built-once.md): her tiers ("every
 * tier" where she acts as an administrator) and whether she is a preview's stand-in. Everything else
 * of hers is a value.
 */
export const readerShape = (user: SessionUser): string => `${tiersShape(user)} preview:${previews.has(user)}`;

/** Her, for a course query built once for everyone of her shape (run with `{ userId: user.id }`). */
export function readerInQuery(user: SessionUser): CourseReader {
  const her = idInQuery(user);
  if (previews.has(user)) previews.add(her);
  return her;
}

/**
 * SQL true when her tier opens the course (the library's rule: her tier or one below it; admins open
 * every course). Lesson content is selected only where it holds, in the WHERE clause of its query.
 */
export function courseOpenTo(user: CourseReader): SQL {
  return readableLevel(courses.requiredMembershipLevel, user) ?? sql`true`;
}

/**
 * SQL true when her member level (points and levels) reaches the course's required level, or it has
 * none; admins reach every course. Below it she sees the course and its outline, never a lesson.
 */
export function courseLevelReachedBy(user: CourseReader): SQL {
  return actsAsAdmin(user) ? sql`true` : reachesLevel(sql`${user.id}`, courses.requiredLevel);
}

/** Her tier and her level both open the course's lessons: every read and write of a lesson holds this. */
export function courseLessonsOpenTo(user: CourseReader): SQL {
  return and(courseOpenTo(user), courseLevelReachedBy(user))!;
}

/** Published courses are listed to every member, locked or not; admins also see drafts (their preview). */
export function courseVisibleTo(user: CourseReader): SQL | undefined {
  return actsAsAdmin(user) || previews.has(user) ? undefined : eq(courses.status, "published");
}

/** The stand-ins of previewAs: they see drafts, as the administrator previewing them does. */
const previews = new WeakSet<CourseReader>();

/**
 * "Preview as a tier" (docs/decisions/054-course-discussion-and-admin.md): a new member of `tier` as
 * every course rule sees her (no administrator's rights, no progress, no points: level 1), standing in
 * for the administrator in reads only. Id 0 belongs to nobody, so nothing of anyone's is read.
 */
export function previewAs(admin: SessionUser, tier: string): SessionUser {
  const stand: SessionUser = {
    ...admin,
    id: 0,
    isAdmin: false,
    isMentor: false,
    isPartner: false,
    permissions: {},
    membershipLevel: tier,
  };
  previews.add(stand);
  return stand;
}
