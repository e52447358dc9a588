import "server-only";
import { and, desc, isNotNull, isNull, sql } from "drizzle-orm";
import { courseEnrolments, courses, lessonCompletions } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { courseLessonsOpenTo, courseVisibleTo } from "./access";
import { cards, toCard } from "./member";

/**
 * The courses she is taking, for her home: started, not finished, and still open to her (her tier or
 * her level may have dropped since she started). The one she worked on last comes first.
 */
export async function coursesInProgress(user: SessionUser, limit: number) {
  const lastActivity = sql`coalesce((select max(${lessonCompletions.completedAt}) from ${lessonCompletions}
    where ${lessonCompletions.userId} = ${user.id} and ${lessonCompletions.courseId} = ${courses.id}), ${courseEnrolments.startedAt})`;
  const rows = await cards(user)
    .where(
      and(
        isNotNull(courseEnrolments.startedAt),
        isNull(courseEnrolments.completedAt),
        courseVisibleTo(user),
        courseLessonsOpenTo(user),
      ),
    )
    .orderBy(desc(lastActivity), desc(courses.id))
    .limit(limit);
  return rows.map(toCard).map(({ slug, title, progress }) => ({ slug, title, progress }));
}
