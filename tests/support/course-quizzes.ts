import { courseQuizOptions, courseQuizQuestions, courseQuizzes } from "@/db/schema";
import { testDb } from "./db";

// A lesson's quiz written straight to the test database (docs/decisions/053-course-quizzes.md).

/** Two questions: "Which colour is the sky?" (one answer: Blue) and "Which are fruits?" (Apple and Pear). */
export const TWO_QUESTIONS = [
  {
    prompt: "Which colour is the sky?",
    kind: "single" as const,
    options: [
      { label: "Blue", correct: true },
      { label: "Green", correct: false },
    ],
  },
  {
    prompt: "Which are fruits?",
    kind: "multiple" as const,
    options: [
      { label: "Apple", correct: true },
      { label: "Pear", correct: true },
      { label: "Carrot", correct: false },
    ],
  },
];

export async function insertQuiz(
  lessonId: number,
  { passMark = 100, maxAttempts = null, questions = TWO_QUESTIONS } = {} as {
    passMark?: number;
    maxAttempts?: number | null;
    questions?: typeof TWO_QUESTIONS;
  },
) {
  await testDb().insert(courseQuizzes).values({ lessonId, passMark, maxAttempts });
  const ids: { id: number; options: Record<string, number> }[] = [];
  for (const [position, question] of questions.entries()) {
    const [row] = await testDb()
      .insert(courseQuizQuestions)
      .values({ lessonId, position, prompt: question.prompt, kind: question.kind })
      .returning();
    const options = await testDb()
      .insert(courseQuizOptions)
      .values(question.options.map((option, index) => ({ questionId: row!.id, position: index, ...option })))
      .returning();
    ids.push({ id: row!.id, options: Object.fromEntries(options.map((option) => [option.label, option.id])) });
  }
  return ids;
}

/** Her answers by the options' labels, in the body POST .../quiz/attempts takes. */
export function answersBy(questions: { id: number; options: Record<string, number> }[], labels: string[][]) {
  return {
    answers: questions.map((question, index) => ({
      questionId: question.id,
      optionIds: (labels[index] ?? []).map((label) => question.options[label]!),
    })),
  };
}
