"use client";

import * as React from "react";
import { Heart, Smile, ThumbsUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ReportDialog } from "@/components/reports/report-dialog";
import type { ReactionType } from "@/features/forum/constants";
import type { ReportValues } from "@/features/reports/schemas";
import { EditReplyForm } from "./reply-form";
import { useForumMutation } from "./use-forum-mutation";

export interface ReplyView {
  id: number;
  content: string;
  author: { id: number; name: string };
  reactions: Record<ReactionType, { count: number; mine: boolean }>;
}

const REACTIONS: { type: ReactionType; label: string; Icon: typeof Heart }[] = [
  { type: "like", label: "Like", Icon: ThumbsUp },
  { type: "heart", label: "Heart", Icon: Heart },
  { type: "smile", label: "Smile", Icon: Smile },
];

/**
 * One reply: `header` (author, badge, date and time, '(edited)') and `body` are rendered on the server;
 * this adds the reactions, her own Edit and Delete, or Report and Block on other members' replies.
 */
export function ReplyItem({
  reply,
  header,
  body,
  isOwn,
  canChange,
}: {
  reply: ReplyView;
  header: React.ReactNode;
  body: React.ReactNode;
  isOwn: boolean;
  canChange: boolean;
}) {
  const [editing, setEditing] = React.useState(false);
  // Saving or cancelling an edit puts the reply back in place of the form: focus returns to its Edit button.
  const editButton = React.useRef<HTMLButtonElement>(null);
  const wasEditing = React.useRef(false);
  React.useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const react = useForumMutation<ReactionType>({
    request: (reactionType) => ({
      method: "POST",
      path: "/api/forum/reactions",
      body: { postId: reply.id, reactionType },
    }),
    failure: {
      title: "Error adding reaction",
      description: "There was an error adding your reaction. Please try again.",
    },
    signedOut: "You must be logged in to react to posts.",
  });
  const remove = useForumMutation({
    request: () => ({ method: "DELETE", path: `/api/forum/posts/${reply.id}` }),
    success: { title: "Reply deleted" },
    failure: {
      title: "Error deleting reply",
      description: "There was an error deleting your reply. Please try again.",
    },
  });
  return (
    <article
      id={`post-${reply.id}`}
      tabIndex={-1}
      data-row-focus
      className="grid gap-3 rounded-lg border p-4"
      aria-label={`Reply by ${reply.author.name}`}
    >
      {header}
      {editing ? <EditReplyForm postId={reply.id} content={reply.content} onDone={() => setEditing(false)} /> : body}
      <footer className="flex flex-wrap items-center gap-2">
        {REACTIONS.map(({ type, label, Icon }) => (
          <Button
            key={type}
            type="button"
            size="sm"
            variant={reply.reactions[type].mine ? "default" : "outline"}
            aria-pressed={reply.reactions[type].mine}
            aria-label={`${label} (${reply.reactions[type].count})`}
            pending={react.isPending}
            onClick={() => react.mutate(type)}
          >
            <Icon aria-hidden className="size-4" /> {reply.reactions[type].count}
          </Button>
        ))}
        <span className="ml-auto flex flex-wrap gap-2">
          {isOwn && canChange && !editing ? (
            <>
              <Button ref={editButton} type="button" size="sm" variant="ghost" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                pending={remove.isPending}
                pendingLabel="Deleting..."
                onClick={() => remove.mutate()}
              >
                Delete
              </Button>
            </>
          ) : null}
          {!isOwn ? (
            <>
              <ReportPostButton postId={reply.id} />
              <BlockButton userId={reply.author.id} name={reply.author.name} />
            </>
          ) : null}
        </span>
      </footer>
    </article>
  );
}

function ReportPostButton({ postId }: { postId: number }) {
  const report = useForumMutation<ReportValues>({
    request: (values) => ({ method: "POST", path: `/api/forum/posts/${postId}/report`, body: values }),
    success: { title: "Report sent", description: "Thank you. The moderators will review this post." },
    failure: { title: "Report failed", description: "Your report could not be sent. Please try again." },
  });
  return (
    <ReportDialog
      trigger={
        <Button type="button" size="sm" variant="ghost">
          Report
        </Button>
      }
      title="Report this post"
      description="Tell the moderators what is wrong. A post reported by three members is hidden until they review it."
      fieldId={`report-${postId}`}
      send={(values) => report.mutateAsync(values)}
    />
  );
}

function BlockButton({ userId, name }: { userId: number; name: string }) {
  const block = useForumMutation({
    request: () => ({ method: "POST", path: "/api/forum/blocks", body: { userId } }),
    success: {
      title: "Member blocked",
      description: `You will no longer see posts by ${name}. Unblock her in Forum settings.`,
    },
    failure: { title: "Block failed", description: "Please try again." },
  });
  return (
    <Button type="button" size="sm" variant="ghost" pending={block.isPending} onClick={() => block.mutate()}>
      Block<span className="sr-only"> {name}</span>
    </Button>
  );
}
