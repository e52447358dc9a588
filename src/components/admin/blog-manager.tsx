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
import { formatDate } from "@/lib/format";
import { blogPostSchema, type BlogPostInput } from "@/features/blog/schemas";

interface Post extends Omit<BlogPostInput, "imageUrl"> {
  id: number;
  imageUrl: string | null;
  publishedAt: string | null;
}
const QUERY_KEY = ["admin-blog"];
const EMPTY: BlogPostInput = {
  title: "",
  slug: "",
  excerpt: "",
  body: "",
  category: "",
  authorName: "",
  imageUrl: "",
  status: "draft",
};
const toInput = (post: Post): BlogPostInput => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  body: post.body,
  category: post.category,
  authorName: post.authorName,
  imageUrl: post.imageUrl ?? "",
  status: post.status,
});

export function BlogManager() {
  const queryClient = useQueryClient();
  const posts = useQuery({ queryKey: QUERY_KEY, queryFn: () => apiRequest<Post[]>("GET", "/api/admin/blog") });
  const [editing, setEditing] = React.useState<Post | "new" | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const setStatus = useMutation({
    mutationFn: (post: Post) =>
      apiRequest("PUT", `/api/admin/blog/${post.id}`, {
        ...toInput(post),
        status: post.status === "published" ? "draft" : "published",
      }),
    onSuccess: (_data, post) => {
      toast({ title: post.status === "published" ? "Post unpublished" : "Post published", description: post.title });
      void refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not change the post. Please try again.")),
  });
  const remove = useMutation({
    mutationFn: (post: Post) => apiRequest("DELETE", `/api/admin/blog/${post.id}`),
    onSuccess: (_data, post) => {
      toast({ title: "Post deleted", description: post.title });
      void refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not delete the post. Please try again.")),
  });

  if (editing) {
    return (
      <PostForm
        post={editing === "new" ? null : editing}
        onDone={() => {
          setEditing(null);
          void refresh();
        }}
      />
    );
  }
  // Delete takes the row away: focus goes to the next post, or to New Post.
  return (
    <RowFocusScope>
      <Button onClick={() => setEditing("new")} data-row-fallback>
        New Post
      </Button>
      <QueryStatus query={posts} what="posts" className="mt-6">
        {(data) => (
          <ul className="mt-6 grid gap-3">
            {data.map((post) => (
              <li
                key={post.id}
                data-row
                className="flex flex-col gap-3 rounded-xl border bg-card p-4 md:flex-row md:items-center md:justify-between"
              >
                <div>
                  <p className="font-semibold">{post.title}</p>
                  <p className="text-sm text-muted-foreground">
                    <Badge variant={post.status === "published" ? "success" : "secondary"} className="mr-2 capitalize">
                      {post.status}
                    </Badge>
                    {post.category} · {post.authorName}
                    {post.publishedAt ? ` · ${formatDate(post.publishedAt)}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(post)}
                    aria-label={`Edit ${post.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    pending={setStatus.isPending && setStatus.variables?.id === post.id}
                    onClick={() => setStatus.mutate(post)}
                    aria-label={`${post.status === "published" ? "Unpublish" : "Publish"} ${post.title}`}
                  >
                    {post.status === "published" ? "Unpublish" : "Publish"}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    pending={remove.isPending && remove.variables?.id === post.id}
                    aria-label={`Delete ${post.title}`}
                    onClick={() => {
                      if (window.confirm(`Delete "${post.title}"? This cannot be undone.`)) remove.mutate(post);
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

function PostForm({ post, onDone }: { post: Post | null; onDone: () => void }) {
  const form = useForm<BlogPostInput>({
    resolver: zodResolver(blogPostSchema),
    defaultValues: post ? toInput(post) : EMPTY,
  });
  const save = useMutation({
    mutationFn: (input: BlogPostInput) =>
      post ? apiRequest("PUT", `/api/admin/blog/${post.id}`, input) : apiRequest("POST", "/api/admin/blog", input),
    onSuccess: () => {
      toast({ title: "Post saved", description: "Your changes have been saved." });
      onDone();
    },
    onError: (error) => {
      showServerErrors(form, error);
      toastError("Error", errorMessage(error, "Could not save the post. Please try again."));
    },
  });
  const errors = form.formState.errors;
  const { title, slug } = useSlugFromTitle(form, { title: "title", slug: "slug" }, Boolean(post));
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid max-w-3xl gap-5">
      <h2 className="text-2xl font-semibold">{post ? "Edit Post" : "New Post"}</h2>
      <FormField label="Title" id="post-title" error={errors.title?.message}>
        <Input {...title} />
      </FormField>
      <FormField
        label="URL slug"
        id="post-slug"
        error={errors.slug?.message}
        hint="The address of the post: /blog/your-slug"
      >
        <Input {...slug} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Category" id="post-category" error={errors.category?.message}>
          <Input {...form.register("category")} />
        </FormField>
        <FormField label="Author" id="post-author" error={errors.authorName?.message}>
          <Input {...form.register("authorName")} />
        </FormField>
      </div>
      <FormField
        label="Image"
        id="post-image"
        error={errors.imageUrl?.message}
        hint="Optional: a path such as /images/circle.svg or an https:// address"
      >
        <Input {...form.register("imageUrl")} />
      </FormField>
      <FormField label="Excerpt" id="post-excerpt" error={errors.excerpt?.message}>
        <Textarea rows={2} {...form.register("excerpt")} />
      </FormField>
      <FormField
        label="Content (Markdown)"
        id="post-body"
        error={errors.body?.message}
        hint="Headings with ##, lists with -, links with [text](https://...). HTML is not rendered."
      >
        <Textarea rows={16} className="font-mono" {...form.register("body")} />
      </FormField>
      <FormField label="Status" id="post-status" error={errors.status?.message}>
        <NativeSelect className="w-auto" {...form.register("status")}>
          <option value="draft">Draft</option>
          <option value="published">Published</option>
        </NativeSelect>
      </FormField>
      <div className="flex gap-3">
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save Post
        </Button>
        <Button type="button" variant="outline" onClick={onDone} aria-disabled={save.isPending || undefined}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
