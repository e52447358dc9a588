import "server-only";
import { and, desc, isNotNull, isNull, sql } from "drizzle-orm";
import { courseEnrolments, courses, lessonCompletions } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { preparedQueries } from "@/server/prepared-queries";
import { courseLessonsOpenTo, courseVisibleTo, readerInQuery, readerShape } from "./access";
import { cards, toCard } from "./member";

/** Her courses in progress, built once for her shape (docs/decisions/061-hot-queries-built-once.md). */
const inProgressQuery = preparedQueries("courses_in_progress", readerShape, (user: SessionUser, database, name) => {
  const her = readerInQuery(user);
  const lastActivity = sql`coalesce((select max(${lessonCompletions.completedAt}) from ${lessonCompletions}
    where ${lessonCompletions.userId} = ${her.id} and ${lessonCompletions.courseId} = ${courses.id}), ${courseEnrolments.startedAt})`;
  return cards(her, database)
    .where(
      and(
        isNotNull(courseEnrolments.startedAt),
        isNull(courseEnrolments.completedAt),
        courseVisibleTo(her),
        courseLessonsOpenTo(her),
      ),
    )
    .orderBy(desc(lastActivity), desc(courses.id))
    .limit(sql.placeholder("limit"))
    .prepare(name);
});

/**
 * The courses she is taking, for her home: started, not finished, and still open to her (her tier or
 * her level may have dropped since she started). The one she worked on last comes first.
 */
export async function coursesInProgress(user: SessionUser, limit: number) {
  const rows = await inProgressQuery(user).execute({ userId: user.id, limit });
  return rows.map(toCard).map(({ slug, title, progress }) => ({ slug, title, progress }));
}
