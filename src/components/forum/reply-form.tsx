"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { MentionTextarea } from "./mention-textarea";
import { editReplySchema } from "@/features/forum/schemas";
import { useForumMutation } from "./use-forum-mutation";

type ReplyValues = { content: string };

/** 'Add a reply' with Post Reply; the server checks the lock, the tier and blocks again. */
export function ReplyForm({ topicId }: { topicId: number }) {
  const form = useForm<ReplyValues>({ resolver: zodResolver(editReplySchema), defaultValues: { content: "" } });
  const submit = useForumMutation<ReplyValues>({
    request: (values) => ({ method: "POST", path: "/api/forum/posts", body: { ...values, topicId } }),
    success: { title: "Post created", description: "Your post has been added to the discussion." },
    failure: { title: "Error creating post", description: "There was an error adding your post. Please try again." },
    signedOut: "You must be logged in to post in the forum.",
    onSuccess: () => form.reset({ content: "" }),
  });
  return (
    // Once the reply is sent she is back in the editor (cleared once posted), ready for the next reply.
    <form
      onSubmit={form.handleSubmit((values) => submit.mutate(values, { onSettled: () => form.setFocus("content") }))}
      noValidate
      className="grid gap-3"
    >
      <FormField
        label="Add a reply"
        id="reply-content"
        error={form.formState.errors.content?.message}
        hint="Markdown works: **bold**, *italic*, [links](https://example.com), lists. Type @ and a name to mention a member."
      >
        <MentionTextarea rows={5} {...form.register("content")} />
      </FormField>
      <Button type="submit" pending={submit.isPending} pendingLabel="Posting..." className="justify-self-start">
        Post Reply
      </Button>
    </form>
  );
}

/** Her own reply's Edit form, in place of the reply. */
export function EditReplyForm({ postId, content, onDone }: { postId: number; content: string; onDone: () => void }) {
  const form = useForm<ReplyValues>({ resolver: zodResolver(editReplySchema), defaultValues: { content } });
  // It opens in place of the reply and its Edit button: focus goes into it.
  React.useEffect(() => form.setFocus("content"), [form]);
  const save = useForumMutation<ReplyValues>({
    request: (values) => ({ method: "PATCH", path: `/api/forum/posts/${postId}`, body: values }),
    success: { title: "Reply updated" },
    failure: { title: "Error updating reply", description: "There was an error saving your reply. Please try again." },
    onSuccess: onDone,
  });
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid gap-3">
      <FormField label="Edit your reply" id={`edit-${postId}`} error={form.formState.errors.content?.message}>
        <Textarea rows={4} {...form.register("content")} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={save.isPending} pendingLabel="Saving...">
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
