"use client";

import * as React from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, CircleAlert, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { QueryStatus } from "@/components/ui/query-status";
import { useMemberQuery } from "@/hooks/use-member-query";
import { toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import type { Jsonified } from "@/lib/json";
import type { LessonQuiz as Quiz, QuizAttemptResult } from "@/features/courses/quiz-types";
import { COURSES_KEY } from "./course-list";

type Result = Jsonified<QuizAttemptResult>;

/**
 * A lesson's quiz, in place of "Mark complete" (docs/decisions/053-course-quizzes.md): she answers,
 * the server grades; her score and the questions she got wrong (never the right answers) show in a
 * result that takes focus, her choices stay for her next attempt, and a pass completes the lesson.
 */
export function LessonQuiz({ courseSlug, lessonSlug }: { courseSlug: string; lessonSlug: string }) {
  const path = `/api/courses/${encodeURIComponent(courseSlug)}/lessons/${encodeURIComponent(lessonSlug)}/quiz`;
  const quiz = useMemberQuery<Jsonified<Quiz>>(COURSES_KEY, path);
  return (
    <section aria-labelledby="quiz-heading" className="grid gap-5 rounded-xl border p-5 sm:p-6" data-testid="quiz">
      <h2 id="quiz-heading" className="text-2xl font-semibold">
        Quiz
      </h2>
      <QueryStatus query={quiz} what="quiz">
        {(data) => <QuizBody quiz={data} path={path} />}
      </QueryStatus>
    </section>
  );
}

function attemptsText(quiz: { maxAttempts: number | null; attemptsLeft: number | null }) {
  if (quiz.maxAttempts === null) return "You may try as many times as you need.";
  return `Attempts left: ${quiz.attemptsLeft} of ${quiz.maxAttempts}.`;
}

function QuizBody({ quiz, path }: { quiz: Jsonified<Quiz>; path: string }) {
  const queryClient = useQueryClient();
  const [choices, setChoices] = React.useState<Record<number, number[]>>({});
  const [result, setResult] = React.useState<Result | null>(null);
  const resultHeading = React.useRef<HTMLHeadingElement>(null);
  const submit = useMutation({
    mutationFn: () =>
      apiRequest<Result>("POST", `${path}/attempts`, {
        answers: quiz.questions.map((question) => ({ questionId: question.id, optionIds: choices[question.id] ?? [] })),
      }),
    onSuccess: async (answer) => {
      setResult(answer);
      await queryClient.invalidateQueries({ queryKey: [COURSES_KEY] });
    },
    onError: async (error) => {
      toastError("Error", errorMessage(error, "Could not send your answers."));
      // The quiz changed, or her attempts ran out elsewhere: read it again.
      if (error instanceof ApiError && (error.status === 409 || error.status === 403))
        await queryClient.invalidateQueries({ queryKey: [COURSES_KEY] });
    },
  });
  // Her result takes focus once shown: the button she pressed may be gone with a pass.
  React.useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const wrong = new Set(result?.questions.filter((question) => !question.correct).map((question) => question.id));
  const outOfAttempts = !quiz.passed && quiz.attemptsLeft === 0;
  const choose = (questionId: number, optionId: number, single: boolean, checked: boolean) =>
    setChoices((current) => {
      const before = current[questionId] ?? [];
      const after = single ? [optionId] : checked ? [...before, optionId] : before.filter((id) => id !== optionId);
      return { ...current, [questionId]: after };
    });

  return (
    <>
      <p className="text-muted-foreground">
        {quiz.questions.length === 1 ? "One question" : `${quiz.questions.length} questions`}. You pass with{" "}
        {quiz.passMark}% or more, and passing completes this lesson. {quiz.passed ? null : attemptsText(quiz)}
      </p>
      {result ? (
        <div
          role="region"
          aria-labelledby="quiz-result-heading"
          data-testid="quiz-result"
          className={
            result.passed
              ? "grid gap-2 rounded-lg border border-primary/40 bg-secondary/50 p-4"
              : "grid gap-2 rounded-lg border border-destructive/40 p-4"
          }
        >
          <h3
            id="quiz-result-heading"
            ref={resultHeading}
            tabIndex={-1}
            className="text-xl font-semibold focus:outline-none"
          >
            {result.passed ? `Passed: you scored ${result.score}%` : `Not passed: you scored ${result.score}%`}
          </h3>
          {result.passed ? (
            <p>This lesson is complete.</p>
          ) : (
            <>
              <p>
                You need {quiz.passMark}% to pass.{" "}
                {wrong.size === 1 ? "One question is" : `${wrong.size} questions are`} not right yet:{" "}
                {quiz.questions
                  .map((question, index) => (wrong.has(question.id) ? `question ${index + 1}` : null))
                  .filter(Boolean)
                  .join(", ")}
                .
              </p>
              <p>
                {result.attemptsLeft === 0
                  ? "You have no attempts left."
                  : "Read the lesson again, change your answers to those questions and submit them again."}
              </p>
            </>
          )}
        </div>
      ) : quiz.passed ? (
        <p className="flex items-center gap-2 font-medium text-primary">
          <CheckCircle2 aria-hidden className="size-5" /> You passed this quiz with {quiz.bestScore}%.
        </p>
      ) : null}
      {outOfAttempts ? (
        <div data-testid="quiz-no-attempts" className="grid gap-2 rounded-lg bg-secondary/50 p-4">
          <h3 className="flex items-center gap-2 text-xl font-semibold">
            <CircleAlert aria-hidden className="size-5" /> No attempts left
          </h3>
          <p>
            You have used all {quiz.maxAttempts} attempts at this quiz without reaching {quiz.passMark}% (your best
            score was {quiz.bestScore}%), so this lesson cannot be completed for now. An administrator can allow you
            more attempts.
          </p>
        </div>
      ) : null}
      {quiz.passed || outOfAttempts ? null : (
        <form
          noValidate
          className="grid gap-6"
          onSubmit={(event) => {
            event.preventDefault();
            submit.mutate();
          }}
        >
          {quiz.questions.map((question, index) => {
            const single = question.kind === "single";
            const marked = result && !result.passed;
            const isWrong = wrong.has(question.id);
            return (
              <fieldset key={question.id} className="grid gap-2" aria-describedby={`quiz-q${question.id}-hint`}>
                <legend className="font-medium">
                  {index + 1}. {question.prompt}
                </legend>
                <p id={`quiz-q${question.id}-hint`} className="text-sm text-muted-foreground">
                  {single ? "Choose one answer." : "Choose every answer that is correct."}
                  {marked ? (
                    isWrong ? (
                      <span className="ml-2 inline-flex items-center gap-1 font-medium text-destructive">
                        <XCircle aria-hidden className="size-4" /> Not right yet
                      </span>
                    ) : (
                      <span className="ml-2 inline-flex items-center gap-1 font-medium text-primary">
                        <CheckCircle2 aria-hidden className="size-4" /> Right
                      </span>
                    )
                  ) : null}
                </p>
                {question.options.map((option) => (
                  <label key={option.id} className="flex items-start gap-3">
                    <input
                      type={single ? "radio" : "checkbox"}
                      name={`question-${question.id}`}
                      value={option.id}
                      checked={(choices[question.id] ?? []).includes(option.id)}
                      onChange={(event) =>
                        submit.isPending ? undefined : choose(question.id, option.id, single, event.target.checked)
                      }
                      className="mt-1 size-4 accent-primary"
                    />
                    <span>{option.label}</span>
                  </label>
                ))}
              </fieldset>
            );
          })}
          <div>
            <Button type="submit" pending={submit.isPending} pendingLabel="Checking...">
              Submit answers
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
