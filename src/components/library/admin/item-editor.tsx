"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { NativeSelect } from "@/components/ui/native-select";
import { CONTENT_STATUSES, CONTENT_TYPES } from "@/features/library/constants";
import { useSlugFromTitle } from "@/hooks/use-slug-from-title";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import type { EditorItem } from "@/features/library/types";
import { CONTENT_TYPE_LABELS, libraryItemSchema, type LibraryItemInput } from "@/features/library/schemas";
import { LIBRARY_ITEMS_KEY } from "../library-browser";
import { ADMIN_ITEMS_KEY } from "./admin-item-list";
import { AccessSelect } from "./access-select";
import { FileUploadField } from "./file-upload-field";
import { RichTextField } from "./rich-text-field";
import { TagInput } from "./tag-input";

type Values = LibraryItemInput;
const EMPTY: Values = {
  title: "",
  slug: "",
  summary: "",
  contentType: "article",
  content: "",
  featuredImage: "",
  videoUrl: "",
  attachmentUrl: "",
  externalUrl: "",
  categoryId: null,
  tags: [],
  access: "public",
  isFeatured: false,
  status: "draft",
  publishAt: "",
};

const STATUS_LABELS = { draft: "Draft", published: "Published", scheduled: "Scheduled", archived: "Archived" } as const;
/** The datetime-local input works in the browser's own time; the server gets an instant. */
const toLocalInput = (iso: string) => (iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : "");

type ItemForEditor = Omit<EditorItem, "publishedAt">;

function initialValues(item: ItemForEditor | null): Values {
  if (!item) return EMPTY;
  const { id: _id, ...values } = item;
  return {
    ...values,
    contentType: values.contentType as Values["contentType"],
    status: values.status as Values["status"],
    publishAt: toLocalInput(values.publishAt),
  };
}

/** /admin/content/create and the edit screen: every field of a library item, by type. */
export function ItemEditor({
  item,
  categories,
  tags,
}: {
  item: ItemForEditor | null;
  categories: { id: number; name: string }[];
  tags: string[];
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(libraryItemSchema), defaultValues: initialValues(item) });
  const [contentType, status] = useWatch({ control: form.control, name: ["contentType", "status"] });
  const errors = form.formState.errors;

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        ...values,
        publishAt: values.status === "scheduled" && values.publishAt ? new Date(values.publishAt).toISOString() : "",
      };
      return item
        ? apiRequest("PUT", `/api/admin/library/items/${item.id}`, body)
        : apiRequest("POST", "/api/admin/library/items", body);
    },
    onSuccess: () => {
      toast({ title: "Content Saved", description: "Your changes have been saved successfully." });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_ITEMS_KEY] });
      void queryClient.invalidateQueries({ queryKey: [LIBRARY_ITEMS_KEY] });
      router.push("/admin/library");
      router.refresh();
    },
    onError: (error) => {
      showServerErrors(form, error);
      toastError(
        "Error Saving Content",
        errorMessage(error, "Could not save the content changes. Please try again later."),
      );
    },
  });

  const { title, slug } = useSlugFromTitle(form, { title: "title", slug: "slug" }, Boolean(item));
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid max-w-4xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">{item ? "Edit Content" : "Create Content"}</h1>
        {item ? (
          <Link
            href={`/library/item/${item.slug}`}
            className="text-sm font-medium text-primary underline underline-offset-4"
          >
            View in the library
          </Link>
        ) : null}
      </div>

      <FormField label="Title" id="item-title" error={errors.title?.message}>
        <Input {...title} />
      </FormField>
      <FormField
        label="URL slug"
        id="item-slug"
        error={errors.slug?.message}
        hint="The address of the item: /library/item/your-slug"
      >
        <Input {...slug} />
      </FormField>
      <FormField
        label="Summary"
        id="item-summary"
        error={errors.summary?.message}
        hint="Shown on the card and under the title."
      >
        <Textarea rows={2} {...form.register("summary")} />
      </FormField>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Content type</legend>
        <div className="flex flex-wrap gap-4">
          {CONTENT_TYPES.map((type) => (
            <label key={type} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" value={type} {...form.register("contentType")} className="size-4 accent-primary" />
              {CONTENT_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>

      {contentType === "article" ? (
        <RichTextField
          control={form.control}
          name="content"
          id="item-content"
          label="Article"
          error={errors.content?.message}
        />
      ) : null}
      {contentType === "video" ? (
        <Controller
          control={form.control}
          name="videoUrl"
          render={({ field }) => {
            const uploaded = field.value.startsWith("/api/files/");
            return (
              <div className="grid gap-4 rounded-xl border p-4">
                <FormField
                  label="Video address"
                  id="item-video-url"
                  error={errors.videoUrl?.message}
                  hint="A YouTube or Vimeo address (played without tracking cookies), or upload an MP4 below."
                >
                  <Input
                    value={uploaded ? "" : field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    placeholder="https://www.youtube.com/watch?v=..."
                  />
                </FormField>
                <FileUploadField
                  id="item-video-file"
                  label="Video file (MP4)"
                  purpose="library-video"
                  value={uploaded ? field.value : ""}
                  onChange={field.onChange}
                  hint="Up to 200 MB."
                />
              </div>
            );
          }}
        />
      ) : null}
      {contentType === "pdf" ? (
        <Controller
          control={form.control}
          name="attachmentUrl"
          render={({ field }) => (
            <FileUploadField
              id="item-pdf"
              label="PDF"
              purpose="library-pdf"
              value={field.value}
              onChange={field.onChange}
              error={errors.attachmentUrl?.message}
              hint="Up to 25 MB. Only members whose tier opens the item can read it."
            />
          )}
        />
      ) : null}
      {contentType === "external" ? (
        <FormField
          label="External link"
          id="item-external-url"
          error={errors.externalUrl?.message}
          hint="Opens in a new tab."
        >
          <Input type="url" {...form.register("externalUrl")} placeholder="https://" />
        </FormField>
      ) : null}

      <Controller
        control={form.control}
        name="featuredImage"
        render={({ field }) => (
          <FileUploadField
            id="item-image"
            label="Featured image"
            purpose="library-image"
            value={field.value}
            onChange={field.onChange}
            error={errors.featuredImage?.message}
            hint="JPEG, PNG or WebP up to 5 MB. Cards show it to every member."
          />
        )}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField label="Category" id="item-category" error={errors.categoryId?.message}>
          <NativeSelect
            {...form.register("categoryId", {
              setValueAs: (value) => (value === "" || value === null ? null : Number(value)),
            })}
          >
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Who can read it" id="item-access" error={errors.access?.message}>
          <AccessSelect {...form.register("access")} />
        </FormField>
      </div>

      <div className="grid gap-2">
        <label htmlFor="item-tags" className="text-sm font-medium">
          Tags
        </label>
        <Controller
          control={form.control}
          name="tags"
          render={({ field }) => (
            <TagInput
              id="item-tags"
              value={field.value}
              onChange={field.onChange}
              suggestions={tags}
              describedBy="item-tags-hint"
            />
          )}
        />
        <p id="item-tags-hint" className="text-sm text-muted-foreground">
          Press Enter or type a comma to add a tag; new tags are created when you save.
        </p>
        {errors.tags ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.tags.message ?? (Array.isArray(errors.tags) ? errors.tags.find(Boolean)?.message : undefined)}
          </p>
        ) : null}
      </div>

      <label className="inline-flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("isFeatured")} className="size-4 accent-primary" />
        Featured
      </label>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Status</legend>
        <div className="flex flex-wrap gap-4">
          {CONTENT_STATUSES.map((value) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" value={value} {...form.register("status")} className="size-4 accent-primary" />
              {STATUS_LABELS[value]}
            </label>
          ))}
        </div>
        {status === "scheduled" ? (
          <FormField
            label="Publish at"
            id="item-publish-at"
            error={errors.publishAt?.message}
            hint="Your local time. The item is published automatically then."
          >
            <Input type="datetime-local" className="w-64" {...form.register("publishAt")} />
          </FormField>
        ) : null}
      </fieldset>

      <div className="flex gap-3">
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save Content
        </Button>
        <Button asChild variant="outline">
          <Link href="/admin/library">Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
