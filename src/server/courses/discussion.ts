import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { courseLessons, courses } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { forbidden } from "@/lib/errors";
import { addCommentTo, listCommentsOf } from "@/server/library";
import { courseLessonsOpenTo, courseVisibleTo } from "./access";
import { openLesson } from "./member";

// A lesson's discussion: the library's comments with the lesson as their target
// (docs/decisions/054-course-discussion-and-admin.md). Only a member to whom the lesson is open reads or
// writes them: its rule is checked first (openLesson), and her tier, her member level and the
// course's status are in the WHERE clause of every read and write.

/** SQL true when lesson `lessonId` is in a course she sees whose tier and level open its lessons to her. */
function lessonOpenTo(user: SessionUser, lessonId: number): SQL {
  const lesson = db
    .select({ one: sql`1` })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(and(eq(courseLessons.id, lessonId), courseLessonsOpenTo(user), courseVisibleTo(user)));
  return sql`exists (${lesson})`;
}

/** GET /api/courses/{slug}/lessons/{lesson}/comments: the lesson's discussion, oldest first. */
export async function listLessonComments(user: SessionUser, courseSlug: string, lessonSlug: string) {
  const { lesson } = await openLesson(user, courseSlug, lessonSlug);
  return listCommentsOf({ lessonId: lesson.id }, lessonOpenTo(user, lesson.id));
}

/** POST /api/courses/{slug}/lessons/{lesson}/comments: her comment under an open lesson. */
export async function addLessonComment(user: SessionUser, courseSlug: string, lessonSlug: string, comment: string) {
  const { lesson } = await openLesson(user, courseSlug, lessonSlug);
  const added = await addCommentTo(user, { lessonId: lesson.id }, comment, lessonOpenTo(user, lesson.id));
  if (!added) throw forbidden("This course is not open to you.");
  return added;
}
