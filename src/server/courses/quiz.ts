import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import {
  courseLessons,
  courseQuizAttempts,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizzes,
  courses,
} from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { conflict, forbidden, notFound } from "@/lib/errors";
import { quizScore, type QuizAttemptValues, type QuizQuestionKind } from "@/features/courses/quiz";
import { courseLessonsOpenTo } from "./access";
import { assertLessonsOpen, enrol, openLesson, recordCompletion } from "./member";

// A member's side of a lesson's quiz (docs/decisions/053-course-quizzes.md). She reads it and answers
// it under the same conditions as the lesson's content; the server grades, and a pass completes the
// lesson through the one completion path (recordCompletion), in the attempt's transaction.

const NO_QUIZ = "This lesson has no quiz.";
export const QUIZ_PASSED = "You have already passed this quiz.";
export const NO_ATTEMPTS_LEFT = "You have used every attempt at this quiz.";
export const QUIZ_CHANGED = "This quiz has changed since you opened it. Please read it again.";

/** The quiz's settings, read only where her tier and level open the course (its WHERE clause). */
async function quizOf(executor: Executor, user: SessionUser, lessonId: number) {
  const [quiz] = await executor
    .select({ passMark: courseQuizzes.passMark, maxAttempts: courseQuizzes.maxAttempts })
    .from(courseQuizzes)
    .innerJoin(courseLessons, eq(courseLessons.id, courseQuizzes.lessonId))
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(and(eq(courseQuizzes.lessonId, lessonId), courseLessonsOpenTo(user)));
  if (!quiz) throw notFound(NO_QUIZ);
  return quiz;
}

/** Her attempts at the quiz so far, whether one passed, and her best score. */
async function attemptsOf(executor: Executor, userId: number, lessonId: number) {
  const [row] = await executor
    .select({
      used: sql<number>`count(*)::int`,
      passed: sql<boolean>`coalesce(bool_or(${courseQuizAttempts.passed}), false)`,
      bestScore: sql<number | null>`max(${courseQuizAttempts.score})`,
    })
    .from(courseQuizAttempts)
    .where(
      and(
        eq(courseQuizAttempts.userId, userId),
        eq(courseQuizAttempts.lessonId, lessonId),
        isNull(courseQuizAttempts.clearedAt),
      ),
    );
  return row!;
}

const attemptsLeft = (maxAttempts: number | null, used: number) =>
  maxAttempts === null ? null : Math.max(0, maxAttempts - used);

/**
 * GET /api/courses/{slug}/lessons/{lesson}/quiz: its questions and the answers to choose from, never
 * which are correct; her attempts and whether she passed. A locked lesson's quiz is refused (403).
 */
export async function getLessonQuiz(user: SessionUser, courseSlug: string, lessonSlug: string) {
  const { lesson } = await openLesson(user, courseSlug, lessonSlug);
  const quiz = await quizOf(db, user, lesson.id);
  const [questions, options, attempts] = await Promise.all([
    db
      .select({ id: courseQuizQuestions.id, prompt: courseQuizQuestions.prompt, kind: courseQuizQuestions.kind })
      .from(courseQuizQuestions)
      .where(eq(courseQuizQuestions.lessonId, lesson.id))
      .orderBy(asc(courseQuizQuestions.position), asc(courseQuizQuestions.id)),
    // Without `correct`: what is sent to her browser cannot tell the answers.
    db
      .select({ id: courseQuizOptions.id, questionId: courseQuizOptions.questionId, label: courseQuizOptions.label })
      .from(courseQuizOptions)
      .innerJoin(courseQuizQuestions, eq(courseQuizQuestions.id, courseQuizOptions.questionId))
      .where(eq(courseQuizQuestions.lessonId, lesson.id))
      .orderBy(asc(courseQuizOptions.position), asc(courseQuizOptions.id)),
    attemptsOf(db, user.id, lesson.id),
  ]);
  return {
    passMark: quiz.passMark,
    maxAttempts: quiz.maxAttempts,
    questions: questions.map((question) => ({
      id: question.id,
      prompt: question.prompt,
      kind: question.kind as QuizQuestionKind,
      options: options
        .filter((option) => option.questionId === question.id)
        .map((option) => ({ id: option.id, label: option.label })),
    })),
    attemptsUsed: attempts.used,
    attemptsLeft: attemptsLeft(quiz.maxAttempts, attempts.used),
    passed: attempts.passed,
    bestScore: attempts.bestScore,
  };
}

/** Each question is right when she chose exactly its correct answers. */
async function grade(tx: Executor, lessonId: number, answers: QuizAttemptValues["answers"]) {
  const options = await tx
    .select({ questionId: courseQuizQuestions.id, optionId: courseQuizOptions.id, correct: courseQuizOptions.correct })
    .from(courseQuizQuestions)
    .leftJoin(courseQuizOptions, eq(courseQuizOptions.questionId, courseQuizQuestions.id))
    .where(eq(courseQuizQuestions.lessonId, lessonId))
    .orderBy(asc(courseQuizQuestions.position), asc(courseQuizQuestions.id));
  const questionIds = [...new Set(options.map((row) => row.questionId))];
  const chosen = new Map(answers.map((answer) => [answer.questionId, new Set(answer.optionIds)]));
  // An answer to a question the quiz no longer has: the admin saved it since she opened it.
  if ([...chosen.keys()].some((id) => !questionIds.includes(id))) throw conflict(QUIZ_CHANGED);
  const questions = questionIds.map((id) => {
    const own = options.filter((row) => row.questionId === id && row.optionId !== null);
    const picked = chosen.get(id) ?? new Set<number>();
    const correct =
      [...picked].every((optionId) => own.some((row) => row.optionId === optionId)) &&
      own.every((row) => row.correct === picked.has(row.optionId!));
    return { id, correct };
  });
  return questions;
}

/**
 * POST /api/courses/{slug}/lessons/{lesson}/quiz/attempts: grades her answers and records the attempt;
 * a pass completes the lesson (and may finish the course) in the same transaction. Her attempts are
 * counted under her enrolment's row lock, so that answers sent at once neither pass twice nor exceed
 * the attempts allowed. Like "Mark complete", an attempt starts the course if she had not.
 */
export async function attemptQuiz(user: SessionUser, courseSlug: string, lessonSlug: string, input: QuizAttemptValues) {
  const { course, lessons, index, lesson } = await openLesson(user, courseSlug, lessonSlug);
  return db.transaction(async (tx) => {
    await assertLessonsOpen(tx, user, course.id);
    await enrol(tx, user.id, course.id);
    const quiz = await quizOf(tx, user, lesson.id);
    const before = await attemptsOf(tx, user.id, lesson.id);
    if (before.passed) throw conflict(QUIZ_PASSED);
    if (quiz.maxAttempts !== null && before.used >= quiz.maxAttempts) throw forbidden(NO_ATTEMPTS_LEFT);
    const questions = await grade(tx, lesson.id, input.answers);
    const score = quizScore(questions.filter((question) => question.correct).length, questions.length);
    const passed = score >= quiz.passMark;
    await tx.insert(courseQuizAttempts).values({ userId: user.id, lessonId: lesson.id, score, passed });
    const progress = passed ? await recordCompletion(tx, user, course, lessons, index) : null;
    const used = before.used + 1;
    return {
      score,
      passed,
      questions,
      attemptsUsed: used,
      attemptsLeft: attemptsLeft(quiz.maxAttempts, used),
      progress,
    };
  });
}
