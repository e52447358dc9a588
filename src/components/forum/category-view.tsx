"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import * as React from "react";
import { GatingPanel } from "@/components/membership/gating-panel";
import { QueryStatus } from "@/components/ui/query-status";
import { useCurrentUser } from "@/hooks/use-auth";
import { useMemberQuery } from "@/hooks/use-member-query";
import { usePathSegment } from "@/hooks/use-path-segment";
import { ApiError } from "@/lib/api-client";
import type { Jsonified } from "@/lib/json";
import type { ForumCategory, TopicSummary } from "@/features/forum/types";
import { ForumHeader } from "./forum-header";
import { topicCount } from "./labels";
import { TopicList } from "./topic-list";

type TopicPage = { topics: Jsonified<TopicSummary>[]; nextCursor: string | null };

/** /forum/{slug} in the browser: the category, its topics, or the gating panel when her tier does not open it. */
export function CategoryView() {
  const slug = usePathSegment(1);
  const after = useSearchParams().get("after");
  const router = useRouter();
  const { user } = useCurrentUser();
  const category = useMemberQuery<Jsonified<ForumCategory>>(
    "forum",
    `/api/forum/categories/${encodeURIComponent(slug)}`,
  );
  const open = category.data && !category.data.locked ? category.data : null;
  const topics = useMemberQuery<TopicPage>(
    "forum",
    open ? `/api/forum/topics?categoryId=${open.id}${after ? `&after=${encodeURIComponent(after)}` : ""}` : null,
  );
  const missing = category.error instanceof ApiError && category.error.status === 404;
  React.useEffect(() => {
    // A cursor that is not one of ours starts the list again.
    if (topics.error instanceof ApiError && topics.error.status === 400)
      router.replace(`/forum/${encodeURIComponent(slug)}`);
  }, [topics.error, router, slug]);
  if (missing) {
    return (
      <div className="grid gap-4">
        <h1 className="text-3xl font-semibold">Category Not Found</h1>
        <p className="text-muted-foreground">It may have been moved or removed.</p>
        <Link href="/forum" className="font-medium text-primary underline-offset-4 hover:underline">
          ← All forums
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-8">
      <Link href="/forum" className="text-sm text-primary underline-offset-4 hover:underline">
        ← All forums
      </Link>
      <QueryStatus query={category} what="category">
        {(data) => (
          <>
            <ForumHeader title={data.name} description={data.description} />
            {data.archived ? (
              <p className="rounded-md bg-secondary p-4">This category is archived. No new posts can be added.</p>
            ) : null}
            {data.locked ? (
              <GatingPanel
                level={data.requiredMembershipLevel}
                memberLevel={user?.membershipLevel ?? null}
                what="This forum category"
                holds={`It holds ${topicCount(data.topicCount)}.`}
              />
            ) : (
              <section aria-label={`Topics in ${data.name}`}>
                <QueryStatus query={topics} what="topics">
                  {(page) => (
                    <TopicList
                      topics={page.topics}
                      showCategory={false}
                      nextHref={page.nextCursor ? `/forum/${data.slug}?after=${page.nextCursor}` : null}
                    />
                  )}
                </QueryStatus>
              </section>
            )}
          </>
        )}
      </QueryStatus>
    </div>
  );
}
