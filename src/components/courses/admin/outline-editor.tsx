"use client";

import * as React from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { MoveButtons, type MoveDirection } from "@/components/ui/move-buttons";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { useSlugFromTitle } from "@/hooks/use-slug-from-title";
import { showServerErrors } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import { UNLOCK_RULE_LABELS, type UnlockRule } from "@/features/courses/constants";
import {
  courseLessonSchema,
  courseModuleSchema,
  type CourseLessonInput,
  type CourseModuleInput,
} from "@/features/courses/schemas";
import { DragHandle, DragOrderList, DragOrderRow } from "./drag-order";
import { UnlockFields } from "./unlock-fields";
import { useAdminCall } from "./use-admin-call";

interface Unlock {
  unlockRule: string | null;
  unlockDays: number | null;
  unlockDate: string | null;
}
export interface OutlineModule extends Unlock {
  id: number;
  title: string;
  unlockRule: string;
  lessons: (Unlock & { id: number; title: string; slug: string })[];
}

function unlockSummary(unlock: Unlock): string {
  if (!unlock.unlockRule) return "Opens as its module";
  const label = UNLOCK_RULE_LABELS[unlock.unlockRule as UnlockRule];
  if (unlock.unlockRule === "days_after_start") return `Opens ${unlock.unlockDays} days after she starts`;
  if (unlock.unlockRule === "on_date" && unlock.unlockDate) return `Opens on ${formatDate(unlock.unlockDate)}`;
  return `Opens: ${label.toLowerCase()}`;
}

/** Up and Down for one row, each move saved at once (the neighbour swapped on the server). */
function SavedMoveButtons({ path, name, first, last }: { path: string; name: string; first: boolean; last: boolean }) {
  const move = useAdminCall<MoveDirection>((direction) => ({ method: "POST", path, body: { direction } }));
  return (
    <MoveButtons
      name={name}
      first={first}
      last={last}
      onMove={(direction) => move.mutate(direction)}
      pending={move.isPending ? move.variables : null}
    />
  );
}

function DeleteButton({ path, name, what }: { path: string; name: string; what: string }) {
  const remove = useAdminCall<void>(() => ({ method: "DELETE", path }), { success: `${what} deleted` });
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={`Delete ${name}`}
      pending={remove.isPending}
      onClick={() => {
        if (
          window.confirm(
            `Delete “${name}”? ${what === "Module" ? "Its lessons and " : ""}everyone's progress in it goes too.`,
          )
        )
          remove.mutate();
      }}
    >
      Delete
    </Button>
  );
}

/** The course's modules and their lessons, in order: add, edit, move (dragged, or Up and Down from the keyboard) and delete. */
export function OutlineEditor({ courseId, modules }: { courseId: number; modules: OutlineModule[] }) {
  return (
    <section aria-labelledby="modules-heading" className="grid gap-6">
      <h2 id="modules-heading" tabIndex={-1} data-row-fallback className="text-2xl font-semibold">
        Modules and lessons
      </h2>
      {/* Up and Down move the row with the button she pressed: RowFocusScope keeps her focus on it. */}
      <RowFocusScope>
        <DragOrderList items={modules} path={`/api/admin/courses/${courseId}/module-order`} className="grid gap-6">
          {(module, index, count) => (
            <DragOrderRow key={module.id} id={module.id} className="grid gap-4 rounded-xl border bg-card p-4">
              <ModuleRow courseId={courseId} module={module} first={index === 0} last={index === count - 1} />
            </DragOrderRow>
          )}
        </DragOrderList>
      </RowFocusScope>
      {modules.length === 0 ? <p className="text-muted-foreground">No modules yet: add the first below.</p> : null}
      <details className="rounded-xl border p-4">
        <summary className="cursor-pointer font-medium">Add a module</summary>
        <ModuleForm courseId={courseId} />
      </details>
    </section>
  );
}

function ModuleRow({
  courseId,
  module,
  first,
  last,
}: {
  courseId: number;
  module: OutlineModule;
  first: boolean;
  last: boolean;
}) {
  const [editing, setEditing] = React.useState(false);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex gap-2">
          <DragHandle name={module.title} />
          <div>
            <h3 className="text-lg font-semibold">{module.title}</h3>
            <p className="text-sm text-muted-foreground">{unlockSummary(module)}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <SavedMoveButtons
            path={`/api/admin/course-modules/${module.id}/move`}
            name={module.title}
            first={first}
            last={last}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            Edit<span className="sr-only"> {module.title}</span>
          </Button>
          <DeleteButton path={`/api/admin/course-modules/${module.id}`} name={module.title} what="Module" />
        </div>
      </div>
      {editing ? <ModuleForm courseId={courseId} module={module} onSaved={() => setEditing(false)} /> : null}
      <RowFocusScope>
        <DragOrderList
          items={module.lessons}
          path={`/api/admin/course-modules/${module.id}/lesson-order`}
          className="grid gap-2"
          aria-label={`Lessons of ${module.title}`}
        >
          {(lesson, index, count) => (
            <DragOrderRow
              key={lesson.id}
              id={lesson.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-card p-3"
            >
              <span className="flex gap-2">
                <DragHandle name={lesson.title} />
                <span className="grid">
                  <span className="font-medium">{lesson.title}</span>
                  <span className="text-sm text-muted-foreground">{unlockSummary(lesson)}</span>
                </span>
              </span>
              <span className="flex flex-wrap gap-2">
                <SavedMoveButtons
                  path={`/api/admin/course-lessons/${lesson.id}/move`}
                  name={lesson.title}
                  first={index === 0}
                  last={index === count - 1}
                />
                <Button asChild variant="outline" size="sm">
                  <Link href={`/admin/courses/${courseId}/lessons/${lesson.id}`}>
                    Edit<span className="sr-only"> {lesson.title}</span>
                  </Link>
                </Button>
                <DeleteButton path={`/api/admin/course-lessons/${lesson.id}`} name={lesson.title} what="Lesson" />
              </span>
            </DragOrderRow>
          )}
        </DragOrderList>
      </RowFocusScope>
      <details className="rounded-md border p-3">
        <summary className="cursor-pointer text-sm font-medium">Add a lesson to {module.title}</summary>
        <NewLessonForm moduleId={module.id} />
      </details>
    </>
  );
}

const NEW_MODULE: CourseModuleInput = { title: "", unlockRule: "immediately", unlockDays: null, unlockDate: null };

function ModuleForm({ courseId, module, onSaved }: { courseId: number; module?: OutlineModule; onSaved?: () => void }) {
  const form = useForm<CourseModuleInput>({
    resolver: zodResolver(courseModuleSchema),
    defaultValues: module
      ? {
          title: module.title,
          unlockRule: module.unlockRule as UnlockRule,
          unlockDays: module.unlockDays,
          unlockDate: module.unlockDate,
        }
      : NEW_MODULE,
  });
  const save = useAdminCall<CourseModuleInput>(
    (values) =>
      module
        ? { method: "PUT", path: `/api/admin/course-modules/${module.id}`, body: values }
        : { method: "POST", path: `/api/admin/courses/${courseId}/modules`, body: values },
    {
      success: module ? "Module saved" : "Module added",
      onSuccess: () => (module ? onSaved?.() : form.reset(NEW_MODULE)),
      onError: (error) => showServerErrors(form, error),
    },
  );
  const prefix = module ? `module-${module.id}` : "new-module";
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="mt-4 grid gap-4">
      <FormField label="Module title" id={`${prefix}-title`} error={form.formState.errors.title?.message}>
        <Input {...form.register("title")} readOnly={save.isPending} />
      </FormField>
      <UnlockFields form={form} prefix={prefix} />
      <div>
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          {module ? "Save Module" : "Add Module"}
        </Button>
      </div>
    </form>
  );
}

const NEW_LESSON: CourseLessonInput = {
  title: "",
  slug: "",
  content: "",
  unlockRule: null,
  unlockDays: null,
  unlockDate: null,
};

/** A new lesson's title and slug; its text and when it opens are set on its own page. */
function NewLessonForm({ moduleId }: { moduleId: number }) {
  const form = useForm<CourseLessonInput>({ resolver: zodResolver(courseLessonSchema), defaultValues: NEW_LESSON });
  const fields = useSlugFromTitle(form, { title: "title", slug: "slug" }, false);
  const save = useAdminCall<CourseLessonInput>(
    (values) => ({ method: "POST", path: `/api/admin/course-modules/${moduleId}/lessons`, body: values }),
    {
      success: "Lesson added",
      onSuccess: () => form.reset(NEW_LESSON),
      onError: (error) => showServerErrors(form, error),
    },
  );
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      noValidate
      className="mt-4 grid gap-4 sm:grid-cols-2"
    >
      <FormField label="Lesson title" id={`new-lesson-${moduleId}-title`} error={errors.title?.message}>
        <Input {...fields.title} readOnly={save.isPending} />
      </FormField>
      <FormField label="Lesson slug" id={`new-lesson-${moduleId}-slug`} error={errors.slug?.message}>
        <Input {...fields.slug} readOnly={save.isPending} />
      </FormField>
      <div>
        <Button type="submit" pending={save.isPending} pendingLabel="Adding...">
          Add Lesson
        </Button>
      </div>
    </form>
  );
}
