"use client";

import * as React from "react";
import { useFieldArray, useForm, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { MoveButtons } from "@/components/ui/move-buttons";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { NativeSelect } from "@/components/ui/native-select";
import { showServerErrors } from "@/lib/form-errors";
import {
  courseQuizSchema,
  DEFAULT_PASS_MARK,
  MAX_QUIZ_OPTIONS,
  MAX_QUIZ_QUESTIONS,
  QUIZ_QUESTION_KIND_LABELS,
  QUIZ_QUESTION_KINDS,
  type CourseQuizInput,
} from "@/features/courses/quiz";
import { useAdminCall } from "./use-admin-call";

// A lesson's quiz in its editor (docs/decisions/053-course-quizzes.md): questions and their answers
// added, edited, deleted and moved, the pass mark and the attempts allowed, saved whole.

const blankQuestion = (): CourseQuizInput["questions"][number] => ({
  prompt: "",
  kind: "single",
  options: [
    { label: "", correct: true },
    { label: "", correct: false },
  ],
});

const numberOrNull = (value: string) => (value === "" ? null : Number(value));

export function QuizEditor({ lessonId, quiz }: { lessonId: number; quiz: CourseQuizInput | null }) {
  const [adding, setAdding] = React.useState(false);
  const heading = React.useRef<HTMLHeadingElement>(null);
  const path = `/api/admin/course-lessons/${lessonId}/quiz`;
  // "Remove Quiz" goes with the quiz: focus moves to the section's heading.
  const remove = useAdminCall<void>(() => ({ method: "DELETE", path }), {
    success: "Quiz removed",
    onSuccess: () => {
      setAdding(false);
      heading.current?.focus();
    },
  });
  return (
    <section aria-labelledby="quiz-editor-heading" className="grid max-w-3xl gap-4 border-t pt-8">
      <h2 id="quiz-editor-heading" ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
        Quiz
      </h2>
      {quiz || adding ? (
        <>
          <p className="text-muted-foreground">
            Members complete this lesson by passing its quiz, not by “Mark complete”. They see which questions they got
            wrong, never the right answers.
          </p>
          <QuizForm
            path={path}
            fresh={!quiz}
            quiz={quiz ?? { passMark: DEFAULT_PASS_MARK, maxAttempts: null, questions: [blankQuestion()] }}
          />
          {quiz ? (
            <div>
              <Button
                type="button"
                variant="outline"
                pending={remove.isPending}
                onClick={() => {
                  if (window.confirm("Remove this lesson's quiz? Members' attempts at it go too.")) remove.mutate();
                }}
              >
                Remove Quiz
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <>
          <p className="text-muted-foreground">This lesson has no quiz: members complete it with “Mark complete”.</p>
          <div>
            <Button type="button" variant="outline" onClick={() => setAdding(true)}>
              Add a quiz
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function QuizForm({ path, quiz, fresh }: { path: string; quiz: CourseQuizInput; fresh: boolean }) {
  const form = useForm<CourseQuizInput>({ resolver: zodResolver(courseQuizSchema), defaultValues: quiz });
  // "Add a quiz" goes when pressed: she continues at the first question.
  React.useEffect(() => {
    if (fresh) form.setFocus("questions.0.prompt");
  }, [fresh, form]);
  const questions = useFieldArray({ control: form.control, name: "questions" });
  const save = useAdminCall<CourseQuizInput>((values) => ({ method: "PUT", path, body: values }), {
    success: "Quiz saved",
    onSuccess: () => form.reset(form.getValues()),
    onError: (error) => showServerErrors(form, error),
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Pass mark (%)" id="quiz-pass-mark" error={errors.passMark?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            {...form.register("passMark", { setValueAs: numberOrNull })}
          />
        </FormField>
        <FormField
          label="Attempts allowed"
          id="quiz-max-attempts"
          hint="Leave empty for unlimited attempts."
          error={errors.maxAttempts?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            {...form.register("maxAttempts", { setValueAs: numberOrNull })}
          />
        </FormField>
      </div>
      <RowFocusScope>
        <ol className="grid gap-4" aria-label="Questions">
          {questions.fields.map((field, index) => (
            <li key={field.id} data-row className="grid gap-4 rounded-xl border bg-card p-4">
              <QuestionFields
                form={form}
                index={index}
                count={questions.fields.length}
                onMove={(to) => questions.move(index, to)}
                onRemove={() => questions.remove(index)}
              />
            </li>
          ))}
        </ol>
      </RowFocusScope>
      {errors.questions?.root?.message || errors.questions?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.questions?.root?.message ?? errors.questions?.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          aria-disabled={questions.fields.length >= MAX_QUIZ_QUESTIONS || undefined}
          onClick={() =>
            questions.fields.length >= MAX_QUIZ_QUESTIONS ? undefined : questions.append(blankQuestion())
          }
        >
          Add a question
        </Button>
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save Quiz
        </Button>
      </div>
    </form>
  );
}

function QuestionFields({
  form,
  index,
  count,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<CourseQuizInput>;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const options = useFieldArray({ control: form.control, name: `questions.${index}.options` });
  const errors = form.formState.errors.questions?.[index];
  const name = `question ${index + 1}`;
  const optionsError = errors?.options?.root?.message ?? errors?.options?.message;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Question {index + 1}</h3>
        <div className="flex flex-wrap gap-2">
          <MoveButtons
            name={name}
            first={index === 0}
            last={index === count - 1}
            onMove={(direction) => onMove(direction === "up" ? index - 1 : index + 1)}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Delete ${name}`}
            aria-disabled={count === 1 || undefined}
            onClick={() => (count === 1 ? undefined : onRemove())}
          >
            Delete
          </Button>
        </div>
      </div>
      <FormField label={`Question ${index + 1}`} id={`quiz-q${index}-prompt`} error={errors?.prompt?.message}>
        <Input {...form.register(`questions.${index}.prompt`)} />
      </FormField>
      <FormField label="Correct answers" id={`quiz-q${index}-kind`} error={errors?.kind?.message}>
        <NativeSelect {...form.register(`questions.${index}.kind`)}>
          {QUIZ_QUESTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {QUIZ_QUESTION_KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <fieldset className="grid gap-3" aria-describedby={optionsError ? `quiz-q${index}-options-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Answers to {name}</legend>
        {options.fields.map((field, optionIndex) => {
          const answer = `answer ${optionIndex + 1} of ${name}`;
          return (
            <div key={field.id} className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
              <FormField
                label={`Answer ${optionIndex + 1}`}
                id={`quiz-q${index}-o${optionIndex}`}
                error={errors?.options?.[optionIndex]?.label?.message}
              >
                <Input {...form.register(`questions.${index}.options.${optionIndex}.label`)} />
              </FormField>
              <label className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  {...form.register(`questions.${index}.options.${optionIndex}.correct`)}
                />
                Correct<span className="sr-only"> ({answer})</span>
              </label>
              <span className="flex gap-2">
                <MoveButtons
                  name={answer}
                  first={optionIndex === 0}
                  last={optionIndex === options.fields.length - 1}
                  onMove={(direction) => options.move(optionIndex, optionIndex + (direction === "up" ? -1 : 1))}
                />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Delete ${answer}`}
                  onClick={() => options.remove(optionIndex)}
                >
                  Delete
                </Button>
              </span>
            </div>
          );
        })}
        {optionsError ? (
          <p id={`quiz-q${index}-options-error`} role="alert" className="text-sm font-medium text-destructive">
            {optionsError}
          </p>
        ) : null}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-disabled={options.fields.length >= MAX_QUIZ_OPTIONS || undefined}
            onClick={() =>
              options.fields.length >= MAX_QUIZ_OPTIONS ? undefined : options.append({ label: "", correct: false })
            }
          >
            Add an answer<span className="sr-only"> to {name}</span>
          </Button>
        </div>
      </fieldset>
    </>
  );
}
