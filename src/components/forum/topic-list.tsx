import Link from "next/link";
import { Eye, MessageSquare } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import type { TopicSummary } from "@/features/forum/types";
import type { Jsonified } from "@/lib/json";
import { authorName } from "./labels";
import { TopicBadges } from "./topic-badges";

/** Topic cards: title, Pinned badge, views, the first 150 characters, author and date. */
export function TopicList({
  topics,
  nextHref,
  showCategory = true,
}: {
  topics: Jsonified<TopicSummary>[];
  nextHref: string | null;
  showCategory?: boolean;
}) {
  if (topics.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-8 text-center">
        <p>No topics have been created yet.</p>
        <Link
          href="/forum/new-topic"
          className="mt-2 inline-block font-medium text-primary underline-offset-4 hover:underline"
        >
          Start a new discussion
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" aria-label="Topics">
        {topics.map((topic) => (
          <li key={topic.id}>
            <Card>
              <CardHeader className="gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <TopicBadges isPinned={topic.isPinned} isLocked={topic.isLocked} />
                  {showCategory ? (
                    <Link
                      href={`/forum/${topic.category.slug}`}
                      className="text-sm text-primary underline-offset-4 hover:underline"
                    >
                      {topic.category.name}
                    </Link>
                  ) : null}
                </div>
                <CardTitle as="h3" className="text-lg">
                  <Link href={`/forum/topic/${topic.slug}`} className="underline-offset-4 hover:underline">
                    {topic.title}
                  </Link>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3">
                <p className="text-sm break-words text-muted-foreground">{topic.preview}</p>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  <span>
                    Posted by{" "}
                    <Link
                      href={`/profile/${topic.user.id}`}
                      className="font-medium text-foreground underline-offset-4 hover:underline"
                    >
                      {authorName(topic.user)}
                    </Link>{" "}
                    on {formatDate(topic.createdAt)}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Eye aria-hidden className="size-4" /> {topic.views} views
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <MessageSquare aria-hidden className="size-4" /> {topic.replyCount}{" "}
                    {topic.replyCount === 1 ? "reply" : "replies"}
                  </span>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {nextHref ? (
        <Link
          href={nextHref}
          className="justify-self-center font-medium text-primary underline-offset-4 hover:underline"
        >
          Older topics
        </Link>
      ) : null}
    </div>
  );
}
