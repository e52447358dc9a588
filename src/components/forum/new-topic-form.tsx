"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { MentionTextarea } from "./mention-textarea";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import { newTopicSchema, slugify, type NewTopic, type NewTopicInput } from "@/features/forum/schemas";

/** /forum/new-topic: the slug follows the title until she edits it. */
export function NewTopicForm({
  categories,
  defaultCategoryId,
}: {
  categories: { id: number; name: string }[];
  defaultCategoryId?: number;
}) {
  const router = useRouter();
  const form = useForm<NewTopicInput, unknown, NewTopic>({
    resolver: zodResolver(newTopicSchema),
    defaultValues: { categoryId: defaultCategoryId ?? ("" as unknown as number), title: "", slug: "", content: "" },
  });
  const [slugEdited, setSlugEdited] = React.useState(false);
  const create = useMutation({
    mutationFn: (values: NewTopic) => apiRequest<{ slug: string }>("POST", "/api/forum/topics", values),
    onSuccess: (topic) => {
      toast({ title: "Topic created", description: "Your new topic has been created successfully." });
      router.push(`/forum/topic/${topic.slug}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in form.getValues())
            form.setError(field as keyof NewTopicInput, { message }, { shouldFocus: true });
        }
      }
      if (error instanceof ApiError && error.status === 401) {
        toastError("Authentication required", "You must be logged in to create a forum topic.");
        router.push("/login?next=/forum/new-topic");
        return;
      }
      toastError(
        "Error creating topic",
        errorMessage(error, "There was an error creating your topic. Please try again."),
      );
    },
  });
  const errors = form.formState.errors;
  const title = form.register("title", {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (!slugEdited) form.setValue("slug", slugify(event.target.value));
    },
  });
  const slug = form.register("slug", { onChange: () => setSlugEdited(true) });
  return (
    <form onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate className="grid gap-5">
      <FormField label="Category" id="categoryId" error={errors.categoryId?.message}>
        <NativeSelect {...form.register("categoryId")}>
          <option value="">Select a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Title" id="title" error={errors.title?.message}>
        <Input maxLength={120} {...title} />
      </FormField>
      <FormField
        label="URL slug"
        id="slug"
        error={errors.slug?.message}
        hint="Filled in from the title; lowercase letters, numbers and hyphens."
      >
        <Input {...slug} />
      </FormField>
      <FormField
        label="Content"
        id="content"
        error={errors.content?.message}
        hint="Markdown works: **bold**, *italic*, [links](https://example.com), lists. Type @ and a name to mention a member."
      >
        <MentionTextarea rows={10} {...form.register("content")} />
      </FormField>
      <div className="flex gap-3">
        <Button type="submit" pending={create.isPending} pendingLabel="Creating...">
          Create Topic
        </Button>
        <Button asChild variant="outline">
          <Link href="/forum">Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
