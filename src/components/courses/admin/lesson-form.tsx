"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useSlugFromTitle } from "@/hooks/use-slug-from-title";
import { showServerErrors } from "@/lib/form-errors";
import { courseLessonSchema, type CourseLessonInput } from "@/features/courses/schemas";
import { RichTextField } from "@/components/library/admin/rich-text-field";
import { UnlockFields } from "./unlock-fields";
import { LessonMediaFields, type LibraryItemChoice } from "./lesson-media-fields";
import { useAdminCall } from "./use-admin-call";

/** A lesson's title, slug, what it shows, rich text and when it opens. */
export function LessonForm({
  lesson,
  libraryItems,
  fileNames,
}: {
  lesson: CourseLessonInput & { id: number };
  libraryItems: LibraryItemChoice[];
  fileNames: Record<string, string>;
}) {
  const form = useForm<CourseLessonInput>({ resolver: zodResolver(courseLessonSchema), defaultValues: lesson });
  const fields = useSlugFromTitle(form, { title: "title", slug: "slug" }, true);
  const save = useAdminCall<CourseLessonInput>(
    (values) => ({ method: "PUT", path: `/api/admin/course-lessons/${lesson.id}`, body: values }),
    {
      success: "Lesson saved",
      onSuccess: () => form.reset(form.getValues()),
      onError: (error) => showServerErrors(form, error),
    },
  );
  const errors = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid max-w-3xl gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Title" id="lesson-title" error={errors.title?.message}>
          <Input {...fields.title} readOnly={save.isPending} />
        </FormField>
        <FormField label="Slug" id="lesson-slug" error={errors.slug?.message}>
          <Input {...fields.slug} readOnly={save.isPending} />
        </FormField>
      </div>
      <UnlockFields form={form} prefix="lesson" inherit />
      <LessonMediaFields form={form} libraryItems={libraryItems} fileNames={fileNames} />
      <RichTextField
        control={form.control}
        name="content"
        id="lesson-content"
        label="Lesson"
        error={errors.content?.message}
      />
      <div>
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save Lesson
        </Button>
      </div>
    </form>
  );
}
