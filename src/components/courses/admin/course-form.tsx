"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { AccessSelect } from "@/components/library/admin/access-select";
import { focusHeadingOnArrival } from "@/components/ui/arrival-heading";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { NativeSelect } from "@/components/ui/native-select";
import { useSlugFromTitle } from "@/hooks/use-slug-from-title";
import { showServerErrors } from "@/lib/form-errors";
import { courseSchema, type CourseInput } from "@/features/courses/schemas";
import type { MemberLevel } from "@/features/levels/types";
import { useAdminCall } from "./use-admin-call";

const EMPTY: CourseInput = {
  title: "",
  slug: "",
  summary: "",
  access: "public",
  requiredLevel: null,
  status: "draft",
};

/** A course's details: new (then its editor opens) or an existing one's. `levels`: the ladder, for its names. */
export function CourseForm({ course, levels }: { course?: CourseInput & { id: number }; levels: MemberLevel[] }) {
  const router = useRouter();
  const form = useForm<CourseInput>({ resolver: zodResolver(courseSchema), defaultValues: course ?? EMPTY });
  const fields = useSlugFromTitle(form, { title: "title", slug: "slug" }, Boolean(course));
  const save = useAdminCall<CourseInput>(
    (values) =>
      course
        ? { method: "PUT", path: `/api/admin/courses/${course.id}`, body: values }
        : { method: "POST", path: "/api/admin/courses", body: values },
    {
      success: course ? "Course saved" : "Course created",
      onSuccess: (answer) => {
        if (!course) {
          focusHeadingOnArrival();
          router.push(`/admin/courses/${(answer as { id: number }).id}`);
        } else form.reset(form.getValues());
      },
      onError: (error) => showServerErrors(form, error),
    },
  );
  const errors = form.formState.errors;
  const prefix = course ? `course-${course.id}` : "new-course";
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid max-w-2xl gap-4">
      <FormField label="Title" id={`${prefix}-title`} error={errors.title?.message}>
        <Input {...fields.title} readOnly={save.isPending} />
      </FormField>
      <FormField
        label="Slug"
        id={`${prefix}-slug`}
        error={errors.slug?.message}
        hint="The course's address: /courses/slug"
      >
        <Input {...fields.slug} readOnly={save.isPending} />
      </FormField>
      <FormField label="Summary" id={`${prefix}-summary`} error={errors.summary?.message}>
        <Textarea rows={3} {...form.register("summary")} readOnly={save.isPending} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Who may take it" id={`${prefix}-access`} error={errors.access?.message}>
          <AccessSelect {...form.register("access")} />
        </FormField>
        <FormField
          label="Required level"
          id={`${prefix}-level`}
          error={errors.requiredLevel?.message}
          hint="Members below it see the course and its outline, not its lessons."
        >
          <NativeSelect
            {...form.register("requiredLevel", {
              setValueAs: (value: string | number | null) => (value === "" || value === null ? null : Number(value)),
            })}
          >
            <option value="">None</option>
            {levels.map((level) => (
              <option key={level.level} value={level.level}>
                Level {level.level}: {level.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Status" id={`${prefix}-status`} error={errors.status?.message}>
          <NativeSelect {...form.register("status")}>
            <option value="draft">Draft (only admins see it)</option>
            <option value="published">Published</option>
          </NativeSelect>
        </FormField>
      </div>
      <div>
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          {course ? "Save Course" : "Create Course"}
        </Button>
      </div>
    </form>
  );
}
