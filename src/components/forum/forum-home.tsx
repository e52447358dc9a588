"use client";

import { useSearchParams } from "next/navigation";
import { QueryStatus } from "@/components/ui/query-status";
import { FORUM_DESCRIPTION, FORUM_TITLE } from "@/features/forum/constants";
import { useMemberQuery } from "@/hooks/use-member-query";
import type { Jsonified } from "@/lib/json";
import type { ForumCategory, SearchHit, TopicSummary } from "@/features/forum/types";
import { CategoryGrid } from "./category-grid";
import { ForumHeader } from "./forum-header";
import { SearchResults } from "./search-results";
import { TopicList } from "./topic-list";

type TopicPage = { topics: Jsonified<TopicSummary>[]; nextCursor: string | null };

/** /forum in the browser: the categories and recent discussions, or the results of ?q=. */
export function ForumHome() {
  const params = useSearchParams();
  const query = params.get("q");
  if (query !== null) return <ForumSearch query={query} />;
  return <ForumFront after={params.get("after")} />;
}

function ForumSearch({ query }: { query: string }) {
  const valid = query.trim().length >= 2;
  const hits = useMemberQuery<SearchHit[]>("forum", valid ? `/api/forum/search?q=${encodeURIComponent(query)}` : null);
  return (
    <div className="grid gap-8">
      <ForumHeader title={FORUM_TITLE} query={query} />
      {valid ? (
        <QueryStatus query={hits} what="search results">
          {(data) => <SearchResults query={query} hits={data} />}
        </QueryStatus>
      ) : (
        <p role="alert">Search for at least 2 characters.</p>
      )}
    </div>
  );
}

function ForumFront({ after }: { after: string | null }) {
  const categories = useMemberQuery<Jsonified<ForumCategory>[]>("forum", "/api/forum/categories");
  const topics = useMemberQuery<TopicPage>(
    "forum",
    `/api/forum/topics${after ? `?after=${encodeURIComponent(after)}` : ""}`,
  );
  return (
    <div className="grid gap-10">
      <ForumHeader title={FORUM_TITLE} description={FORUM_DESCRIPTION} />
      <section aria-labelledby="categories-heading" className="grid gap-4">
        <h2 id="categories-heading" className="text-2xl font-semibold">
          Categories
        </h2>
        <QueryStatus query={categories} what="categories">
          {(data) => <CategoryGrid categories={data} />}
        </QueryStatus>
      </section>
      <section aria-labelledby="topics-heading" className="grid gap-4">
        <h2 id="topics-heading" className="text-2xl font-semibold">
          Recent discussions
        </h2>
        <QueryStatus query={topics} what="discussions">
          {(page) => (
            <TopicList topics={page.topics} nextHref={page.nextCursor ? `/forum?after=${page.nextCursor}` : null} />
          )}
        </QueryStatus>
      </section>
    </div>
  );
}
