import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, oneOf, updatedAt } from "./helpers";
import { QUIZ_QUESTION_KINDS } from "@/features/courses/quiz";
import { courseLessons } from "./courses";
import { users } from "./users";

// A lesson's quiz (src/server/courses/quiz.ts, docs/decisions/053-course-quizzes.md): at most one per
// lesson, its questions and their answers in order, and each member's attempts.

export const courseQuizzes = pgTable(
  "course_quizzes",
  {
    lessonId: integer()
      .primaryKey()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    /** The score in percent that passes it. */
    passMark: integer().notNull(),
    /** The attempts a member has; null for unlimited. */
    maxAttempts: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("course_quizzes_pass_mark_check", sql`${t.passMark} between 1 and 100`),
    check("course_quizzes_max_attempts_check", sql`${t.maxAttempts} >= 1`),
  ],
);

export const courseQuizQuestions = pgTable(
  "course_quiz_questions",
  {
    id: serial().primaryKey(),
    lessonId: integer()
      .notNull()
      .references(() => courseQuizzes.lessonId, { onDelete: "cascade" }),
    position: integer().notNull(),
    prompt: text().notNull(),
    /** single: exactly one answer is correct; multiple: one or more. */
    kind: text().notNull(),
  },
  (t) => [
    index("course_quiz_questions_lesson_idx").on(t.lessonId, t.position),
    oneOf("course_quiz_questions_kind_check", t.kind, QUIZ_QUESTION_KINDS),
  ],
);

export const courseQuizOptions = pgTable(
  "course_quiz_options",
  {
    id: serial().primaryKey(),
    questionId: integer()
      .notNull()
      .references(() => courseQuizQuestions.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    label: text().notNull(),
    /** Read by the grading and the admin's editor only: never selected for a member. */
    correct: boolean().notNull().default(false),
  },
  (t) => [index("course_quiz_options_question_idx").on(t.questionId, t.position)],
);

/** Each attempt she made: kept when the admin edits the quiz, gone with it. */
export const courseQuizAttempts = pgTable(
  "course_quiz_attempts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer()
      .notNull()
      .references(() => courseQuizzes.lessonId, { onDelete: "cascade" }),
    /** Whole percent. */
    score: integer().notNull(),
    passed: boolean().notNull(),
    createdAt: createdAt(),
    /** An admin gave her another try (quiz-retries.ts): kept for the record, no longer counted. */
    clearedAt: timestamp({ withTimezone: true }),
  },
  // Lesson first: her attempts at one quiz, and the cascade when the quiz is deleted.
  (t) => [index("course_quiz_attempts_lesson_user_idx").on(t.lessonId, t.userId)],
);
