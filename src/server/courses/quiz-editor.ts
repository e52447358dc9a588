import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { db } from "@/db";
import { courseLessons, courseQuizOptions, courseQuizQuestions, courseQuizzes } from "@/db/schema";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { notFound } from "@/lib/errors";
import type { CourseQuizValues, QuizQuestionKind } from "@/features/courses/quiz";
import { recordAudit } from "@/server/audit";

// The admin's side of a lesson's quiz, in the lesson's editor (docs/decisions/053-course-quizzes.md).
// Every function checks its viewer is an administrator; every write is in the audit log under `course`.

const LESSON_NOT_FOUND = "Lesson not found.";
const NO_QUIZ = "This lesson has no quiz.";
/** GET /api/admin/course-lessons/{id}/quiz: the quiz with its correct answers; null when the lesson has none. */
export async function getAdminQuiz(viewer: SessionUser, lessonId: number) {
  assertAccess(viewer, ADMIN);
  const [quiz] = await db.select().from(courseQuizzes).where(eq(courseQuizzes.lessonId, lessonId));
  if (!quiz) return null;
  const questions = await db
    .select()
    .from(courseQuizQuestions)
    .where(eq(courseQuizQuestions.lessonId, lessonId))
    .orderBy(asc(courseQuizQuestions.position), asc(courseQuizQuestions.id));
  const options = questions.length
    ? await db
        .select()
        .from(courseQuizOptions)
        .where(
          inArray(
            courseQuizOptions.questionId,
            questions.map((question) => question.id),
          ),
        )
        .orderBy(asc(courseQuizOptions.position), asc(courseQuizOptions.id))
    : [];
  return {
    passMark: quiz.passMark,
    maxAttempts: quiz.maxAttempts,
    questions: questions.map((question) => ({
      prompt: question.prompt,
      kind: question.kind as QuizQuestionKind,
      options: options
        .filter((option) => option.questionId === question.id)
        .map((option) => ({ label: option.label, correct: option.correct })),
    })),
  };
}

/**
 * PUT /api/admin/course-lessons/{id}/quiz: the quiz saved whole, its questions and answers in the
 * order given (the editor's Up and Down). Members' attempts are kept; the questions are written anew.
 */
export async function saveQuiz(viewer: SessionUser, lessonId: number, input: CourseQuizValues) {
  assertAccess(viewer, ADMIN);
  return db.transaction(async (tx) => {
    const [lesson] = await tx
      .select({ courseId: courseLessons.courseId })
      .from(courseLessons)
      .where(eq(courseLessons.id, lessonId))
      .for("update");
    if (!lesson) throw notFound(LESSON_NOT_FOUND);
    const settings = { passMark: input.passMark, maxAttempts: input.maxAttempts };
    await tx
      .insert(courseQuizzes)
      .values({ lessonId, ...settings })
      .onConflictDoUpdate({ target: courseQuizzes.lessonId, set: { ...settings, updatedAt: new Date() } });
    await tx.delete(courseQuizQuestions).where(eq(courseQuizQuestions.lessonId, lessonId));
    const questions = await tx
      .insert(courseQuizQuestions)
      .values(
        input.questions.map((question, position) => ({
          lessonId,
          position,
          prompt: question.prompt,
          kind: question.kind,
        })),
      )
      .returning({ id: courseQuizQuestions.id, position: courseQuizQuestions.position });
    await tx.insert(courseQuizOptions).values(
      questions.flatMap(({ id, position }) =>
        input.questions[position]!.options.map((option, optionPosition) => ({
          questionId: id,
          position: optionPosition,
          label: option.label,
          correct: option.correct,
        })),
      ),
    );
    await recordAudit(
      {
        actorId: viewer.id,
        action: "course.lesson.quiz.save",
        entityType: "course",
        entityId: lesson.courseId,
        details: {
          lessonId,
          questions: input.questions.length,
          passMark: input.passMark,
          maxAttempts: input.maxAttempts,
        },
      },
      tx,
    );
    return { lessonId };
  });
}

/** DELETE /api/admin/course-lessons/{id}/quiz: the quiz with its attempts; the lesson is completed by "Mark complete" again. */
export async function deleteQuiz(viewer: SessionUser, lessonId: number) {
  assertAccess(viewer, ADMIN);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(courseQuizzes)
      .where(eq(courseQuizzes.lessonId, lessonId))
      .returning({ lessonId: courseQuizzes.lessonId });
    if (!row) throw notFound(NO_QUIZ);
    const [lesson] = await tx
      .select({ courseId: courseLessons.courseId })
      .from(courseLessons)
      .where(eq(courseLessons.id, lessonId));
    await recordAudit(
      {
        actorId: viewer.id,
        action: "course.lesson.quiz.delete",
        entityType: "course",
        entityId: lesson!.courseId,
        details: { lessonId },
      },
      tx,
    );
  });
}
