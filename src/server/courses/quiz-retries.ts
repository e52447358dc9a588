import "server-only";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import { courseEnrolments, courseLessons, courseQuizAttempts, courseQuizzes, users } from "@/db/schema";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { noticeQuizOpenedAgain } from "./lesson-opened";

// Another try at a lesson's quiz (docs/decisions/053-course-quizzes.md): an administrator gives it to a
// member who used every attempt allowed without passing. Her attempts are kept, marked cleared, and no
// longer counted (quiz.ts counts only uncleared ones), so she starts the quiz's attempts afresh, and she
// is told (a lesson_opened notice, lesson-opened.ts).

/** The most members the lesson's editor lists at once, the latest to run out first. */
export const QUIZ_RETRIES_SHOWN = 100;

const NOTHING_TO_CLEAR = "This member has no attempts at this quiz to clear.";
const ALREADY_PASSED = "This member has already passed this quiz.";

/** GET /api/admin/course-lessons/{id}/quiz/retries: members out of attempts at the lesson's quiz. */
export async function membersOutOfAttempts(viewer: SessionUser, lessonId: number) {
  assertAccess(viewer, ADMIN);
  const lastAttemptAt = sql<Date>`max(${courseQuizAttempts.createdAt})`;
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      attempts: sql<number>`count(*)::int`,
      bestScore: sql<number>`max(${courseQuizAttempts.score})::int`,
      lastAttemptAt,
    })
    .from(courseQuizAttempts)
    .innerJoin(courseQuizzes, eq(courseQuizzes.lessonId, courseQuizAttempts.lessonId))
    .innerJoin(users, eq(users.id, courseQuizAttempts.userId))
    .where(
      and(
        eq(courseQuizAttempts.lessonId, lessonId),
        isNull(courseQuizAttempts.clearedAt),
        isNotNull(courseQuizzes.maxAttempts),
      ),
    )
    .groupBy(users.id, courseQuizzes.maxAttempts)
    .having(sql`count(*) >= ${courseQuizzes.maxAttempts} and not bool_or(${courseQuizAttempts.passed})`)
    .orderBy(desc(lastAttemptAt), desc(users.id))
    .limit(QUIZ_RETRIES_SHOWN);
  return rows.map(({ firstName, lastName, lastAttemptAt, ...row }) => ({
    ...row,
    name: `${firstName} ${lastName}`.trim(),
    lastAttemptAt: new Date(lastAttemptAt).toISOString(),
  }));
}

/**
 * POST /api/admin/course-lessons/{id}/quiz/retries: another try for member `userId`. Her enrolment row
 * is locked first, as her attempts lock it (quiz.ts), so that an attempt sent meanwhile is either
 * counted before the clearing or made after it, never lost between them.
 */
export async function allowAnotherTry(viewer: SessionUser, lessonId: number, userId: number) {
  assertAccess(viewer, ADMIN);
  return db.transaction(async (tx) => {
    const [lesson] = await tx
      .select({ courseId: courseLessons.courseId })
      .from(courseLessons)
      .where(eq(courseLessons.id, lessonId));
    if (!lesson) throw notFound(NOTHING_TO_CLEAR);
    await tx
      .select({ userId: courseEnrolments.userId })
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, lesson.courseId)))
      .for("update");
    const uncleared = and(
      eq(courseQuizAttempts.lessonId, lessonId),
      eq(courseQuizAttempts.userId, userId),
      isNull(courseQuizAttempts.clearedAt),
    );
    const [passed] = await tx
      .select({ id: courseQuizAttempts.id })
      .from(courseQuizAttempts)
      .where(and(uncleared, eq(courseQuizAttempts.passed, true)))
      .limit(1);
    if (passed) throw conflict(ALREADY_PASSED);
    const cleared = await tx
      .update(courseQuizAttempts)
      .set({ clearedAt: sql`now()` })
      .where(uncleared)
      .returning({ id: courseQuizAttempts.id });
    if (!cleared.length) throw notFound(NOTHING_TO_CLEAR);
    await noticeQuizOpenedAgain(tx, userId, lessonId);
    await recordAudit(
      {
        actorId: viewer.id,
        action: "course.lesson.quiz.retry",
        entityType: "course",
        entityId: lesson.courseId,
        details: { lessonId, userId, attemptsCleared: cleared.length },
      },
      tx,
    );
    return { userId, attemptsCleared: cleared.length };
  });
}
