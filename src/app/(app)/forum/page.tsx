import type { Metadata } from "next";
import { CategoryGrid } from "@/components/forum/category-grid";
import { ForumHeader } from "@/components/forum/forum-header";
import { SearchResults } from "@/components/forum/search-results";
import { TopicList } from "@/components/forum/topic-list";
import { SIGNED_IN } from "@/lib/auth/access";
import { pageQuery } from "@/lib/page-input";
import { requirePageAccess } from "@/server/auth/current-user";
import { listCategories, listTopics, searchTopics } from "@/server/forum";
import { searchQuerySchema, topicListQuerySchema } from "@/features/forum/schemas";

export const metadata: Metadata = { title: "Forum", robots: { index: false } };

export default async function ForumPage({ searchParams }: PageProps<"/forum">) {
  const me = await requirePageAccess(SIGNED_IN);
  const params = await searchParams;
  const search = searchQuerySchema.safeParse({ q: params.q });
  if (params.q !== undefined) {
    return (
      <div className="grid gap-8">
        <ForumHeader title="Community Forum" query={String(params.q)} />
        {search.success ? <SearchResults query={search.data.q} hits={await searchTopics(search.data.q, me)} /> : <p role="alert">Search for at least 2 characters.</p>}
      </div>
    );
  }
  const { after } = pageQuery(topicListQuerySchema.pick({ after: true }), params);
  const [categories, page] = await Promise.all([listCategories(me), listTopics(me, { after })]);
  return (
    <div className="grid gap-10">
      <ForumHeader title="Community Forum" description="Conversations between events: introductions, work in progress, questions and plans." />
      <section aria-labelledby="categories-heading" className="grid gap-4">
        <h2 id="categories-heading" className="text-2xl font-semibold">
          Categories
        </h2>
        <CategoryGrid categories={categories} />
      </section>
      <section aria-labelledby="topics-heading" className="grid gap-4">
        <h2 id="topics-heading" className="text-2xl font-semibold">
          Recent discussions
        </h2>
        <TopicList topics={page.topics} nextHref={page.nextCursor ? `/forum?after=${page.nextCursor}` : null} />
      </section>
    </div>
  );
}
