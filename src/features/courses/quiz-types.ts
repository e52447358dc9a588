import { z } from "@/lib/validation";
import { id } from "@/features/api/json";
import { QUIZ_QUESTION_KINDS } from "./quiz";
import { courseProgressSchema } from "./types";

// What a lesson's quiz answers a member (src/features/api/responses.ts). The correct answers are never
// part of it: the server grades (docs/decisions/053-course-quizzes.md).

const attemptsSchema = {
  /** Her attempts so far. */
  attemptsUsed: z.number().int().nonnegative(),
  /** How many she has left; null when the quiz allows any number. */
  attemptsLeft: z.number().int().nonnegative().nullable(),
};

/** GET /api/courses/{slug}/lessons/{lesson}/quiz: its questions and answers to choose from, and where she stands. */
export const lessonQuizSchema = z.strictObject({
  passMark: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  questions: z.array(
    z.strictObject({
      id,
      prompt: z.string(),
      kind: z.enum(QUIZ_QUESTION_KINDS),
      options: z.array(z.strictObject({ id, label: z.string() })),
    }),
  ),
  ...attemptsSchema,
  /** She has passed it (then it takes no more attempts). */
  passed: z.boolean(),
  /** Her best score so far in percent, null before her first attempt. */
  bestScore: z.number().int().nullable(),
});
export type LessonQuiz = z.infer<typeof lessonQuizSchema>;

/**
 * POST /api/courses/{slug}/lessons/{lesson}/quiz/attempts: her score, which questions she got right
 * (never which answers were), and on a pass her progress in the course, the lesson now complete.
 */
export const quizAttemptResultSchema = z.strictObject({
  score: z.number().int(),
  passed: z.boolean(),
  questions: z.array(z.strictObject({ id, correct: z.boolean() })),
  ...attemptsSchema,
  progress: courseProgressSchema.nullable(),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;
