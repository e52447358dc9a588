"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import * as React from "react";
import { Eye } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { QueryStatus } from "@/components/ui/query-status";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { LOCKED_MESSAGE } from "@/features/forum/constants";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useMemberQuery } from "@/hooks/use-member-query";
import { usePathSegment } from "@/hooks/use-path-segment";
import { ApiError, apiRequest } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import type { Jsonified } from "@/lib/json";
import type { Reply, TopicDetail } from "@/features/forum/types";
import { AuthorHoverCard } from "./author-card";
import { LevelBadge } from "@/components/levels/level-badge";
import { CookedPost } from "./cooked-post";
import { tierBadgeLabel } from "./labels";
import { ReplyForm } from "./reply-form";
import { ReplyItem } from "./reply-item";
import { TopicBadges } from "./topic-badges";

type Topic = Jsonified<TopicDetail>;
type ReplyPage = { posts: Jsonified<Reply>[]; nextCursor: string | null };

/** /forum/topic/{slug} in the browser: the opening post, a page of replies and the reply form. */
export function TopicView() {
  const slug = usePathSegment(2);
  const after = useSearchParams().get("after");
  const router = useRouter();
  const topic = useMemberQuery<Topic>("forum", `/api/forum/topics/slug/${encodeURIComponent(slug)}`);
  const replies = useMemberQuery<ReplyPage>(
    "forum",
    topic.data ? `/api/forum/topics/${topic.data.id}/posts${after ? `?after=${encodeURIComponent(after)}` : ""}` : null,
  );
  React.useEffect(() => {
    // A missing topic (or one her tier does not open) goes back to /forum;
    // a cursor that is not one of ours starts the replies again.
    if (topic.error instanceof ApiError && topic.error.status === 404) router.replace("/forum");
    else if (replies.error instanceof ApiError && replies.error.status === 400)
      router.replace(`/forum/topic/${encodeURIComponent(slug)}`);
  }, [topic.error, replies.error, router, slug]);
  const topicId = topic.data?.id;
  React.useEffect(() => {
    // Her view is counted once the page has loaded (a POST: showing a page changes nothing).
    if (topicId) apiRequest("POST", `/api/forum/topics/${topicId}/view`).catch(() => undefined);
  }, [topicId]);
  useDocumentTitle(topic.data?.title);

  return (
    <QueryStatus query={topic} what="topic">
      {(data) => <TopicBody topic={data} replies={replies} after={after} />}
    </QueryStatus>
  );
}

function TopicBody({
  topic,
  replies,
  after,
}: {
  topic: Topic;
  replies: ReturnType<typeof useMemberQuery<ReplyPage>>;
  after: string | null;
}) {
  const { user: me } = useCurrentUser();
  const closed = topic.isLocked || topic.category.archived;
  return (
    <article className="grid gap-8">
      <Link href={`/forum/${topic.category.slug}`} className="text-sm text-primary underline-offset-4 hover:underline">
        ← {topic.category.name}
      </Link>
      <header className="grid gap-3">
        <h1 className="text-3xl font-semibold text-balance break-words">{topic.title}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <span>
            By <AuthorHoverCard author={topic.user} />
          </span>
          <LevelBadge level={topic.user.pointsLevel} />
          <time dateTime={topic.createdAt}>{formatDate(topic.createdAt)}</time>
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden className="size-4" /> {topic.views} views
          </span>
          <TopicBadges isPinned={topic.isPinned} isLocked={topic.isLocked} />
        </div>
      </header>
      <CookedPost html={topic.html} />

      {/* Delete or Block takes replies away with the button: focus goes to the next reply, or to the heading. */}
      <RowFocusScope>
        <section aria-labelledby="replies-heading" className="grid gap-4">
          <h2 id="replies-heading" className="text-2xl font-semibold" tabIndex={-1} data-row-fallback>
            Replies ({topic.replyCount})
          </h2>
          <QueryStatus query={replies} what="replies">
            {(page) => (
              <>
                {page.posts.length === 0 && !after ? (
                  <p className="text-muted-foreground">No replies yet. Be the first to respond!</p>
                ) : null}
                <ol className="grid gap-4">
                  {page.posts.map((reply) => {
                    const level = tierBadgeLabel(reply.user.membershipLevel);
                    const name = `${reply.user.firstName} ${reply.user.lastName}`.trim();
                    return (
                      <li key={reply.id} data-row>
                        <ReplyItem
                          reply={{
                            id: reply.id,
                            content: reply.content,
                            author: { id: reply.user.id, name },
                            reactions: reply.reactions,
                          }}
                          isOwn={reply.userId === me?.id}
                          canChange={!closed}
                          header={
                            <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                              <AuthorHoverCard author={reply.user} />
                              <LevelBadge level={reply.user.pointsLevel} />
                              {level ? <Badge variant="secondary">{level}</Badge> : null}
                              <time dateTime={reply.createdAt} className="text-muted-foreground">
                                {formatDateTime(reply.createdAt)}
                              </time>
                              {reply.isEdited ? (
                                <span
                                  className="text-muted-foreground"
                                  title={reply.editedAt ? `Edited ${formatDateTime(reply.editedAt)}` : undefined}
                                >
                                  (edited)
                                </span>
                              ) : null}
                            </header>
                          }
                          body={<CookedPost html={reply.html} />}
                        />
                      </li>
                    );
                  })}
                </ol>
                {page.nextCursor ? (
                  <Link
                    href={`/forum/topic/${topic.slug}?after=${page.nextCursor}`}
                    className="justify-self-center font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Later replies
                  </Link>
                ) : null}
              </>
            )}
          </QueryStatus>
        </section>
      </RowFocusScope>

      {topic.isLocked ? (
        <p role="status" className="rounded-md bg-secondary p-4 text-secondary-foreground">
          {LOCKED_MESSAGE}
        </p>
      ) : topic.category.archived ? (
        <p role="status" className="rounded-md bg-secondary p-4 text-secondary-foreground">
          This category is archived. No new replies can be added.
        </p>
      ) : (
        <ReplyForm topicId={topic.id} />
      )}
    </article>
  );
}
