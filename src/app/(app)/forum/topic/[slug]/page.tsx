import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Eye } from "lucide-react";
import { AuthorHoverCard } from "@/components/forum/author-card";
import { tierBadgeLabel } from "@/components/forum/labels";
import { ForumMarkdown } from "@/components/forum/markdown";
import { RecordView } from "@/components/forum/record-view";
import { ReplyForm } from "@/components/forum/reply-form";
import { ReplyItem } from "@/components/forum/reply-item";
import { TopicBadges } from "@/components/forum/topic-badges";
import { Badge } from "@/components/ui/badge";
import { SIGNED_IN } from "@/lib/auth/access";
import { AppError } from "@/lib/errors";
import { formatDate, formatDateTime } from "@/lib/format";
import { requirePageAccess } from "@/server/auth/current-user";
import { pageQuery } from "@/lib/page-input";
import { getTopicBySlug, listReplies, LOCKED_MESSAGE } from "@/server/forum";
import { replyListQuerySchema } from "@/features/forum/schemas";

export const metadata: Metadata = { title: "Forum topic", robots: { index: false } };

export default async function TopicPage({ params, searchParams }: PageProps<"/forum/topic/[slug]">) {
  const me = await requirePageAccess(SIGNED_IN);
  const { slug } = await params;
  const { after } = pageQuery(replyListQuerySchema, await searchParams);
  // Spec 02 section 2.12: a missing topic (or one her tier does not open) goes back to /forum.
  const topic = await getTopicBySlug(slug, me).catch((error) => {
    if (error instanceof AppError && error.status === 404) redirect("/forum");
    throw error;
  });
  const replies = await listReplies(topic.id, me, { after });
  const closed = topic.isLocked || topic.category.archived;
  return (
    <article className="grid gap-8">
      <RecordView topicId={topic.id} />
      <Link href={`/forum/${topic.category.slug}`} className="text-sm text-primary underline-offset-4 hover:underline">
        ← {topic.category.name}
      </Link>
      <header className="grid gap-3">
        <h1 className="text-3xl font-semibold text-balance break-words">{topic.title}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <span>
            By <AuthorHoverCard author={topic.user} />
          </span>
          <time dateTime={topic.createdAt.toISOString()}>{formatDate(topic.createdAt)}</time>
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden className="size-4" /> {topic.views} views
          </span>
          <TopicBadges isPinned={topic.isPinned} isLocked={topic.isLocked} />
        </div>
      </header>
      <ForumMarkdown>{topic.content}</ForumMarkdown>

      <section aria-labelledby="replies-heading" className="grid gap-4">
        <h2 id="replies-heading" className="text-2xl font-semibold">
          Replies ({topic.replyCount})
        </h2>
        {replies.posts.length === 0 && !after ? <p className="text-muted-foreground">No replies yet. Be the first to respond!</p> : null}
        <ol className="grid gap-4">
          {replies.posts.map((reply) => {
            const level = tierBadgeLabel(reply.user.membershipLevel);
            const name = `${reply.user.firstName} ${reply.user.lastName}`.trim();
            return (
              <li key={reply.id} id={`post-${reply.id}`}>
                <ReplyItem
                  reply={{ id: reply.id, content: reply.content, author: { id: reply.user.id, name }, reactions: reply.reactions }}
                  isOwn={reply.userId === me.id}
                  canChange={!closed}
                  header={
                    <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                      <AuthorHoverCard author={reply.user} />
                      {level ? <Badge variant="secondary">{level}</Badge> : null}
                      <time dateTime={reply.createdAt.toISOString()} className="text-muted-foreground">
                        {formatDateTime(reply.createdAt)}
                      </time>
                      {reply.isEdited ? (
                        <span className="text-muted-foreground" title={reply.editedAt ? `Edited ${formatDateTime(reply.editedAt)}` : undefined}>
                          (edited)
                        </span>
                      ) : null}
                    </header>
                  }
                  body={<ForumMarkdown>{reply.content}</ForumMarkdown>}
                />
              </li>
            );
          })}
        </ol>
        {replies.nextCursor ? (
          <Link href={`/forum/topic/${topic.slug}?after=${replies.nextCursor}`} className="justify-self-center font-medium text-primary underline-offset-4 hover:underline">
            Later replies
          </Link>
        ) : null}
      </section>

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
