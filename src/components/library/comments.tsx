"use client";

import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { QueryStatus } from "@/components/ui/query-status";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import type { LibraryComment } from "@/features/library/types";
import { commentBodySchema } from "@/features/library/schemas";
import type { z } from "@/lib/validation";

type Comment = Omit<LibraryComment, "createdAt" | "contentId"> & { createdAt: string };
type CommentInput = z.input<typeof commentBodySchema>;

/** What the comments are under: a library item, or a course lesson (its API path). */
export type CommentsTarget = { contentId: number } | { lessonApiPath: string };

function endpoints(target: CommentsTarget) {
  if ("contentId" in target)
    return {
      name: "library",
      list: `/api/content/comments?contentId=${target.contentId}`,
      post: "/api/content/comments",
      extra: { contentId: target.contentId },
    };
  const path = `${target.lessonApiPath}/comments`;
  return { name: "lesson", list: path, post: path, extra: {} };
}

/**
 * Comments under a library item or a course lesson (the one comment system): the list, the form, and
 * delete for her own. Once posted she is back in the cleared comment field; a deleted comment hands
 * focus to the next one.
 */
export function Comments({ target, viewer }: { target: CommentsTarget; viewer: { id: number; isAdmin: boolean } }) {
  const queryClient = useQueryClient();
  const { name, list, post: postPath, extra } = endpoints(target);
  const key = [`${name}-comments`, list];
  const comments = useQuery({ queryKey: key, queryFn: () => apiRequest<Comment[]>("GET", list) });
  const form = useForm<CommentInput>({ resolver: zodResolver(commentBodySchema), defaultValues: { comment: "" } });

  const post = useMutation({
    mutationFn: (input: CommentInput) => apiRequest<Comment>("POST", postPath, { ...extra, ...input }),
    onSuccess: () => {
      // Focus first: reset() forgets the field refs until the next render.
      form.setFocus("comment");
      form.reset({ comment: "" });
      void queryClient.invalidateQueries({ queryKey: key });
      toast({ title: "Comment posted", description: "Your comment has been added" });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) toastError("Please log in to comment");
      else toastError("Comment failed", "Could not post your comment");
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/content/comments/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      toast({ title: "Comment deleted" });
    },
    onError: () => toastError("Could not delete the comment", "Please try again."),
  });

  return (
    <div className="grid gap-6">
      <form
        noValidate
        className="grid gap-3"
        onSubmit={form.handleSubmit(
          (values) => post.mutate(values),
          // An empty comment is answered with a toast, not a call.
          (errors) => {
            if (errors.comment?.type === "too_small") toastError("Empty comment", "Please enter a comment");
          },
        )}
      >
        <FormField
          label="Add a comment"
          id={`${name}-comment`}
          error={
            form.formState.errors.comment?.type === "too_small" ? undefined : form.formState.errors.comment?.message
          }
        >
          <Textarea rows={3} {...form.register("comment")} />
        </FormField>
        <div>
          <Button type="submit" pending={post.isPending} pendingLabel="Posting...">
            Post Comment
          </Button>
        </div>
      </form>

      <RowFocusScope>
        <QueryStatus query={comments} what="comments">
          {(data) =>
            data.length === 0 ? (
              <p className="text-muted-foreground" tabIndex={-1} data-row-fallback>
                No comments yet. Be the first to share your thoughts.
              </p>
            ) : (
              <ul className="grid gap-4" aria-label="Comments">
                {data.map((comment) => (
                  <li
                    key={comment.id}
                    data-testid={`${name}-comment`}
                    data-row
                    tabIndex={-1}
                    className="rounded-xl border bg-card p-4"
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="text-sm">
                        <Link href={`/profile/${comment.author.id}`} className="font-semibold hover:underline">
                          {comment.author.firstName} {comment.author.lastName}
                        </Link>{" "}
                        <time dateTime={comment.createdAt} className="text-muted-foreground">
                          {formatDateTime(comment.createdAt)}
                        </time>
                      </p>
                      {comment.userId === viewer.id || viewer.isAdmin ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          pending={remove.isPending && remove.variables === comment.id}
                          aria-label={`Delete comment by ${comment.author.firstName} ${comment.author.lastName}`}
                          onClick={() => {
                            if (window.confirm("Delete this comment?")) remove.mutate(comment.id);
                          }}
                        >
                          <Trash2 aria-hidden /> Delete
                        </Button>
                      ) : null}
                    </div>
                    <p className="mt-2 whitespace-pre-wrap">{comment.comment}</p>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryStatus>
      </RowFocusScope>
    </div>
  );
}
