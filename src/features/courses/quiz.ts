import { idSchema, z } from "@/lib/validation";

// A lesson's quiz (docs/decisions/053-course-quizzes.md): its limits, the admin's form and handler's
// schema, and what a member sends when she answers it.

export const QUIZ_QUESTION_KINDS = ["single", "multiple"] as const;
export type QuizQuestionKind = (typeof QUIZ_QUESTION_KINDS)[number];

export const QUIZ_QUESTION_KIND_LABELS: Record<QuizQuestionKind, string> = {
  single: "One answer",
  multiple: "One or more answers",
};

export const MAX_QUIZ_QUESTIONS = 20;
export const MAX_QUIZ_OPTIONS = 8;
/** The most attempts an admin may allow; none set means unlimited. */
export const MAX_QUIZ_ATTEMPTS = 20;
export const DEFAULT_PASS_MARK = 80;

const optionSchema = z.object({
  label: z.string().trim().min(1, "Please enter the answer").max(300, "An answer must be no more than 300 characters"),
  correct: z.boolean(),
});

const questionSchema = z
  .object({
    prompt: z
      .string()
      .trim()
      .min(3, "Question must be at least 3 characters")
      .max(500, "Question must be no more than 500 characters"),
    kind: z.enum(QUIZ_QUESTION_KINDS, "Please choose how many answers are correct"),
    options: z
      .array(optionSchema)
      .min(2, "Please give at least 2 answers")
      .max(MAX_QUIZ_OPTIONS, `Please give at most ${MAX_QUIZ_OPTIONS} answers`),
  })
  .superRefine((question, ctx) => {
    const correct = question.options.filter((option) => option.correct).length;
    if (correct === 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Please mark at least one answer correct" });
    else if (question.kind === "single" && correct > 1)
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: "A question with one answer has exactly one correct answer",
      });
  });

/**
 * A lesson's quiz, saved whole (PUT /api/admin/course-lessons/{id}/quiz): its questions and their
 * answers in order, the pass mark in percent, and the attempts allowed (null: unlimited).
 */
export const courseQuizSchema = z.object({
  passMark: z
    .number("Please enter a pass mark")
    .int("Please enter a whole percentage")
    .min(1, "Please enter a pass mark from 1 to 100")
    .max(100, "Please enter a pass mark from 1 to 100"),
  maxAttempts: z
    .number("Please enter a number of attempts")
    .int("Please enter a whole number of attempts")
    .min(1, "Please allow at least 1 attempt")
    .max(MAX_QUIZ_ATTEMPTS, `Please allow at most ${MAX_QUIZ_ATTEMPTS} attempts`)
    .nullable(),
  questions: z
    .array(questionSchema)
    .min(1, "Please add at least one question")
    .max(MAX_QUIZ_QUESTIONS, `Please add at most ${MAX_QUIZ_QUESTIONS} questions`),
});
export type CourseQuizInput = z.input<typeof courseQuizSchema>;
export type CourseQuizValues = z.output<typeof courseQuizSchema>;

/**
 * Her answers (POST /api/courses/{slug}/lessons/{lesson}/quiz/attempts): the options she chose for
 * each question, by id. A question she left out counts as wrong.
 */
export const quizAttemptSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: idSchema,
        optionIds: z.array(idSchema).max(MAX_QUIZ_OPTIONS),
      }),
    )
    .max(MAX_QUIZ_QUESTIONS),
});
export type QuizAttemptInput = z.input<typeof quizAttemptSchema>;
export type QuizAttemptValues = z.output<typeof quizAttemptSchema>;

/** Her score in whole percent: the questions she answered exactly right, over all of them. */
export function quizScore(right: number, total: number): number {
  return total === 0 ? 0 : Math.floor((100 * right) / total);
}

/** POST /api/admin/course-lessons/{id}/quiz/retries: another try for a member who used every attempt. */
export const quizRetrySchema = z.object({ userId: idSchema });
export type QuizRetryValues = z.infer<typeof quizRetrySchema>;
