"use client";

import * as React from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { NativeSelect } from "@/components/ui/native-select";
import { useForumMutation } from "@/components/forum/use-forum-mutation";
import { TIER_IDS } from "@/features/membership/constants";
import { categorySchema, slugify, type CategoryInput } from "@/features/forum/schemas";
import type { ForumCategory } from "@/features/forum/types";
import { tierName } from "@/lib/format";

function CategoryForm({ category, onDone }: { category?: ForumCategory; onDone: () => void }) {
  const form = useForm<CategoryInput>({
    resolver: zodResolver(categorySchema),
    defaultValues: {
      name: category?.name ?? "",
      slug: category?.slug ?? "",
      description: category?.description ?? "",
      icon: category?.icon ?? "",
      color: category?.color ?? "#6b2150",
      isPrivate: category?.isPrivate ?? false,
      requiredMembershipLevel: (category?.requiredMembershipLevel as CategoryInput["requiredMembershipLevel"]) ?? null,
    },
  });
  const save = useForumMutation<CategoryInput>({
    request: (values) =>
      category
        ? { method: "PATCH", path: `/api/admin/forum/categories/${category.id}`, body: values }
        : { method: "POST", path: "/api/admin/forum/categories", body: values },
    success: { title: category ? "Category saved" : "Category created" },
    failure: { title: "Error saving category", description: "Please check the form and try again." },
    onSuccess: onDone,
  });
  const isPrivate = useWatch({ control: form.control, name: "isPrivate" });
  const errors = form.formState.errors;
  const prefix = category ? `category-${category.id}` : "category-new";
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid gap-4">
      <FormField label="Name" id={`${prefix}-name`} error={errors.name?.message}>
        <Input
          {...form.register("name", {
            onChange: (event) => !category && form.setValue("slug", slugify(event.target.value)),
          })}
        />
      </FormField>
      <FormField label="Slug" id={`${prefix}-slug`} error={errors.slug?.message}>
        <Input {...form.register("slug")} />
      </FormField>
      <FormField label="Description" id={`${prefix}-description`} error={errors.description?.message}>
        <Textarea rows={2} {...form.register("description")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Icon (Lucide name)" id={`${prefix}-icon`} error={errors.icon?.message}>
          <Input {...form.register("icon")} />
        </FormField>
        <FormField label="Colour" id={`${prefix}-color`} error={errors.color?.message}>
          <Input type="color" {...form.register("color")} />
        </FormField>
      </div>
      <FormField label="Required membership level" id={`${prefix}-level`}>
        <NativeSelect
          className="w-auto"
          {...form.register("requiredMembershipLevel", { setValueAs: (value) => value || null })}
        >
          <option value="">Every member</option>
          {TIER_IDS.map((tier) => (
            <option key={tier} value={tier}>
              {tierName(tier)} and above
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${prefix}-private`}
          checked={isPrivate}
          onCheckedChange={(checked) => form.setValue("isPrivate", checked === true)}
        />
        <Label htmlFor={`${prefix}-private`}>Members Only badge</Label>
      </div>
      <Button type="submit" pending={save.isPending} pendingLabel="Saving..." className="justify-self-start">
        {category ? "Save category" : "Create category"}
      </Button>
    </form>
  );
}

function CategoryDialog({ category }: { category?: ForumCategory }) {
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={category ? "outline" : "default"}>
          {category ? "Edit" : "New category"}
          {category ? <span className="sr-only"> {category.name}</span> : null}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{category ? `Edit ${category.name}` : "New category"}</DialogTitle>
          <DialogDescription>
            Members whose tier is below the required level never see the category or its topics.
          </DialogDescription>
        </DialogHeader>
        <CategoryForm category={category} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

export function CategoryManager({ categories }: { categories: ForumCategory[] }) {
  const ids = categories.map((c) => c.id);
  const reorder = useForumMutation<number[]>({
    request: (order) => ({ method: "PUT", path: "/api/admin/forum/categories/order", body: { ids: order } }),
    failure: { title: "Error reordering", description: "Please try again." },
  });
  const archive = useForumMutation<{ id: number; archived: boolean }>({
    request: ({ id, archived }) => ({ method: "PATCH", path: `/api/admin/forum/categories/${id}`, body: { archived } }),
    success: { title: "Category saved" },
    failure: { title: "Error saving category", description: "Please try again." },
  });
  const remove = useForumMutation<number>({
    request: (id) => ({ method: "DELETE", path: `/api/admin/forum/categories/${id}` }),
    success: { title: "Category deleted" },
    failure: { title: "Error deleting category", description: "Please try again." },
  });
  const move = (index: number, by: number) => {
    const order = [...ids];
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    reorder.mutate(order);
  };
  return (
    <div className="grid gap-4">
      <div>
        <CategoryDialog />
      </div>
      {/* Up and Down move the row with the button she pressed: RowFocusScope keeps her focus on it. */}
      <RowFocusScope>
        <ul className="grid gap-3" aria-label="Forum categories">
          {categories.map((category, index) => (
            <li
              key={category.id}
              data-row
              className="flex flex-wrap items-center gap-3 rounded-md border border-l-8 p-3"
              style={{ borderLeftColor: category.color ?? undefined }}
            >
              <div className="min-w-48 flex-1">
                <p className="font-medium">
                  {category.name}{" "}
                  {category.archived ? <span className="text-sm text-muted-foreground">(archived)</span> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  /{category.slug} · {category.topicCount} topics ·{" "}
                  {category.requiredMembershipLevel
                    ? `${tierName(category.requiredMembershipLevel)} and above`
                    : "every member"}
                  {category.isPrivate ? " · Members Only" : ""}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  aria-disabled={index === 0 || undefined}
                  pending={reorder.isPending}
                  onClick={() => move(index, -1)}
                >
                  Up<span className="sr-only"> {category.name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-disabled={index === categories.length - 1 || undefined}
                  pending={reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  Down<span className="sr-only"> {category.name}</span>
                </Button>
                <CategoryDialog category={category} />
                <Button
                  size="sm"
                  variant="outline"
                  pending={archive.isPending && archive.variables?.id === category.id}
                  onClick={() => archive.mutate({ id: category.id, archived: !category.archived })}
                >
                  {category.archived ? "Unarchive" : "Archive"}
                  <span className="sr-only"> {category.name}</span>
                </Button>
                {category.topicCount === 0 ? (
                  <Button
                    size="sm"
                    variant="destructive"
                    pending={remove.isPending && remove.variables === category.id}
                    onClick={() => remove.mutate(category.id)}
                  >
                    Delete<span className="sr-only"> {category.name}</span>
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </RowFocusScope>
    </div>
  );
}

export interface TopicRow {
  id: number;
  title: string;
  slug: string;
  isPinned: boolean;
  isLocked: boolean;
  categoryId: number;
  authorName: string;
}

export function TopicModeration({
  topic,
  categories,
}: {
  topic: TopicRow;
  categories: { id: number; name: string }[];
}) {
  const [target, setTarget] = React.useState(String(topic.categoryId));
  const change = useForumMutation<{ isPinned?: boolean; isLocked?: boolean; categoryId?: number }>({
    request: (body) => ({ method: "PATCH", path: `/api/admin/forum/topics/${topic.id}`, body }),
    success: { title: "Topic updated" },
    failure: { title: "Error updating topic", description: "Please try again." },
  });
  const remove = useForumMutation({
    request: () => ({ method: "DELETE", path: `/api/admin/forum/topics/${topic.id}` }),
    success: { title: "Topic deleted" },
    failure: { title: "Error deleting topic", description: "Please try again." },
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant="outline"
        pending={change.isPending}
        onClick={() => change.mutate({ isPinned: !topic.isPinned })}
      >
        {topic.isPinned ? "Unpin" : "Pin"}
        <span className="sr-only"> {topic.title}</span>
      </Button>
      <Button
        size="sm"
        variant="outline"
        pending={change.isPending}
        onClick={() => change.mutate({ isLocked: !topic.isLocked })}
      >
        {topic.isLocked ? "Unlock" : "Lock"}
        <span className="sr-only"> {topic.title}</span>
      </Button>
      <label className="sr-only" htmlFor={`move-${topic.id}`}>
        Move {topic.title} to
      </label>
      <NativeSelect
        id={`move-${topic.id}`}
        className="w-auto"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      >
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </NativeSelect>
      <Button
        size="sm"
        variant="outline"
        aria-disabled={target === String(topic.categoryId) || undefined}
        pending={change.isPending}
        onClick={() => change.mutate({ categoryId: Number(target) })}
      >
        Move<span className="sr-only"> {topic.title}</span>
      </Button>
      <Button size="sm" variant="destructive" pending={remove.isPending} onClick={() => remove.mutate()}>
        Delete<span className="sr-only"> {topic.title}</span>
      </Button>
    </div>
  );
}

export function ModerationDecision({ postId }: { postId: number }) {
  const [note, setNote] = React.useState("");
  const decide = useForumMutation<"restore" | "remove">({
    request: (decision) => ({
      method: "POST",
      path: `/api/admin/forum/posts/${postId}/moderation`,
      body: { decision, note },
    }),
    success: (result) => ({
      title: (result as { status: string }).status === "visible" ? "Post restored" : "Post removed",
    }),
    failure: { title: "Error saving decision", description: "Please try again." },
  });
  return (
    <div className="grid gap-2">
      <FormField label="Note to the author (optional, emailed)" id={`note-${postId}`}>
        <Textarea rows={2} value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
      </FormField>
      <div className="flex gap-2">
        <Button
          size="sm"
          onClick={() => decide.mutate("restore")}
          pending={decide.isPending}
          pendingLabel={decide.variables === "restore" ? "Restoring..." : undefined}
        >
          Restore
        </Button>
        <Button
          size="sm"
          variant="destructive"
          onClick={() => decide.mutate("remove")}
          pending={decide.isPending}
          pendingLabel={decide.variables === "remove" ? "Removing..." : undefined}
        >
          Remove
        </Button>
      </div>
    </div>
  );
}
