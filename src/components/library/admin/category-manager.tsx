"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { QueryStatus } from "@/components/ui/query-status";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { NativeSelect } from "@/components/ui/native-select";
import { useSlugFromTitle } from "@/hooks/use-slug-from-title";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import type { EditorCategory } from "@/features/library/types";
import { CATEGORY_ICONS, libraryCategorySchema, type LibraryCategoryInput } from "@/features/library/schemas";
import { CategoryIcon } from "../labels";
import { AccessSelect } from "./access-select";
import { tierName } from "@/lib/format";

const KEY = ["admin-library-categories"];

/** Categories of the library: create, edit (name, slug, icon, who reads it, order) and delete. */
export function CategoryManager() {
  const queryClient = useQueryClient();
  const categories = useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<EditorCategory[]>("GET", "/api/admin/library/categories"),
  });
  const [editing, setEditing] = React.useState<EditorCategory | "new" | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const remove = useMutation({
    mutationFn: (category: EditorCategory) => apiRequest("DELETE", `/api/admin/library/categories/${category.id}`),
    onSuccess: (_data, category) => {
      toast({ title: "Category deleted", description: category.name });
      refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not delete the category. Please try again.")),
  });

  if (editing) {
    return (
      <CategoryForm
        category={editing === "new" ? null : editing}
        nextPosition={categories.data?.length ?? 0}
        onDone={() => {
          setEditing(null);
          refresh();
        }}
      />
    );
  }
  return (
    // Delete takes the row away: focus goes to the next category, or to the heading.
    <RowFocusScope className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold" tabIndex={-1} data-row-fallback>
          Categories
        </h1>
        <Button onClick={() => setEditing("new")}>New Category</Button>
      </div>
      <QueryStatus query={categories} what="categories">
        {(data) => (
          <ul className="grid gap-3">
            {data.map((category) => (
              <li
                key={category.id}
                data-row
                className="flex flex-col gap-3 rounded-xl border bg-card p-4 md:flex-row md:items-center md:justify-between"
              >
                <div className="flex items-start gap-3">
                  <CategoryIcon name={category.icon} className="mt-1 size-5 text-primary" />
                  <div>
                    <p className="font-semibold">
                      {category.name} <span className="font-normal text-muted-foreground">/{category.slug}</span>
                    </p>
                    <p className="text-sm text-muted-foreground">
                      <Badge variant={category.access === "public" ? "outline" : "secondary"} className="mr-2">
                        {category.access === "public" ? "Every member" : `${tierName(category.access)} and above`}
                      </Badge>
                      {category.itemCount} {category.itemCount === 1 ? "item" : "items"}
                    </p>
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${category.name}`}
                    onClick={() => setEditing(category)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    aria-label={`Delete ${category.name}`}
                    pending={remove.isPending && remove.variables?.id === category.id}
                    onClick={() => {
                      if (window.confirm(`Delete the category "${category.name}"? Its items stay, without a category.`))
                        remove.mutate(category);
                    }}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
    </RowFocusScope>
  );
}

function CategoryForm({
  category,
  nextPosition,
  onDone,
}: {
  category: EditorCategory | null;
  nextPosition: number;
  onDone: () => void;
}) {
  const form = useForm<LibraryCategoryInput>({
    resolver: zodResolver(libraryCategorySchema),
    defaultValues: category
      ? {
          name: category.name,
          slug: category.slug,
          description: category.description,
          icon: category.icon,
          access: category.access,
          position: category.position,
        }
      : { name: "", slug: "", description: "", icon: "book-open", access: "public", position: nextPosition },
  });
  const { title: name, slug } = useSlugFromTitle(form, { title: "name", slug: "slug" }, Boolean(category));
  const save = useMutation({
    mutationFn: (values: LibraryCategoryInput) =>
      category
        ? apiRequest("PUT", `/api/admin/library/categories/${category.id}`, values)
        : apiRequest("POST", "/api/admin/library/categories", values),
    onSuccess: () => {
      toast({ title: "Category saved" });
      onDone();
    },
    onError: (error) => {
      showServerErrors(form, error);
      toastError("Error", errorMessage(error, "Could not save the category. Please try again."));
    },
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid max-w-2xl gap-5">
      <h1 className="text-3xl font-semibold">{category ? "Edit Category" : "New Category"}</h1>
      <FormField label="Name" id="category-name" error={errors.name?.message}>
        <Input {...name} />
      </FormField>
      <FormField label="URL slug" id="category-slug" error={errors.slug?.message} hint="/library/category/your-slug">
        <Input {...slug} />
      </FormField>
      <FormField label="Description" id="category-description" error={errors.description?.message}>
        <Textarea rows={2} {...form.register("description")} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField label="Icon" id="category-icon" error={errors.icon?.message}>
          <NativeSelect {...form.register("icon")}>
            {CATEGORY_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {icon}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Who can read it" id="category-access" error={errors.access?.message}>
          <AccessSelect {...form.register("access")} />
        </FormField>
        <FormField label="Order" id="category-position" error={errors.position?.message}>
          <Input type="number" min={0} max={1000} {...form.register("position", { valueAsNumber: true })} />
        </FormField>
      </div>
      <div className="flex gap-3">
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save Category
        </Button>
        <Button type="button" variant="outline" onClick={onDone} aria-disabled={save.isPending || undefined}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
