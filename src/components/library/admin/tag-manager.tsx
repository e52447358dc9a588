"use client";

import * as React from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { QueryStatus } from "@/components/ui/query-status";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import type { EditorTag } from "@/features/library/types";
import { libraryTagSchema, type LibraryTagInput } from "@/features/library/schemas";

const KEY = ["admin-library-tags"];

/** Tags of the library: add, rename (the address follows) and delete. */
export function TagManager() {
  const queryClient = useQueryClient();
  const tags = useQuery({ queryKey: KEY, queryFn: () => apiRequest<EditorTag[]>("GET", "/api/admin/library/tags") });
  const [renaming, setRenaming] = React.useState<number | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const remove = useMutation({
    mutationFn: (tag: EditorTag) => apiRequest("DELETE", `/api/admin/library/tags/${tag.id}`),
    onSuccess: (_data, tag) => {
      toast({ title: "Tag deleted", description: tag.name });
      refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not delete the tag. Please try again.")),
  });

  return (
    // Delete and rename take the row's button away: focus goes to the row in its place, or to the heading.
    <RowFocusScope className="grid max-w-3xl gap-6">
      <h1 className="text-3xl font-semibold" tabIndex={-1} data-row-fallback>
        Tags
      </h1>
      <TagForm onDone={refresh} />
      <QueryStatus query={tags} what="tags">
        {(data) => (
          <ul className="grid gap-2">
            {data.map((tag) => (
              <li
                key={tag.id}
                data-row
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-3"
              >
                {renaming === tag.id ? (
                  <TagForm
                    tag={tag}
                    onDone={() => {
                      setRenaming(null);
                      refresh();
                    }}
                  />
                ) : (
                  <>
                    <p>
                      <Link href={`/library/tag/${tag.slug}`} className="font-semibold hover:underline">
                        #{tag.name}
                      </Link>{" "}
                      <span className="text-sm text-muted-foreground">
                        {tag.itemCount} {tag.itemCount === 1 ? "item" : "items"}
                      </span>
                    </p>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Rename ${tag.name}`}
                        onClick={() => setRenaming(tag.id)}
                      >
                        Rename
                      </Button>
                      <Button
                        size="sm"
                        variant="destructive"
                        aria-label={`Delete ${tag.name}`}
                        pending={remove.isPending && remove.variables?.id === tag.id}
                        onClick={() => {
                          if (window.confirm(`Delete the tag "${tag.name}"? It is removed from every item.`))
                            remove.mutate(tag);
                        }}
                      >
                        Delete
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
    </RowFocusScope>
  );
}

function TagForm({ tag, onDone }: { tag?: EditorTag; onDone: () => void }) {
  const form = useForm<LibraryTagInput>({
    resolver: zodResolver(libraryTagSchema),
    defaultValues: { name: tag?.name ?? "" },
  });
  const save = useMutation({
    mutationFn: (values: LibraryTagInput) =>
      tag
        ? apiRequest("PUT", `/api/admin/library/tags/${tag.id}`, values)
        : apiRequest("POST", "/api/admin/library/tags", values),
    onSuccess: () => {
      toast({ title: tag ? "Tag renamed" : "Tag added" });
      form.reset({ name: "" });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.name) form.setError("name", { message: error.fields.name });
      toastError("Error", errorMessage(error, "Could not save the tag. Please try again."));
    },
  });
  const id = tag ? `tag-name-${tag.id}` : "tag-name-new";
  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      noValidate
      className="flex flex-wrap items-end gap-3"
    >
      <FormField
        label={tag ? `New name for ${tag.name}` : "New tag"}
        id={id}
        error={form.formState.errors.name?.message}
      >
        <Input className="w-64" {...form.register("name")} />
      </FormField>
      <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
        {tag ? "Save" : "Add Tag"}
      </Button>
      {tag ? (
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}
