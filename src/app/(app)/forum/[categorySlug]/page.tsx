import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ForumHeader } from "@/components/forum/forum-header";
import { TopicList } from "@/components/forum/topic-list";
import { GatingPanel } from "@/components/membership/gating-panel";
import { topicCount } from "@/components/forum/labels";
import { SIGNED_IN } from "@/lib/auth/access";
import { AppError } from "@/lib/errors";
import { requirePageAccess } from "@/server/auth/current-user";
import { pageQuery } from "@/lib/page-input";
import { getCategoryBySlug, listTopics } from "@/server/forum";
import { topicListQuerySchema } from "@/features/forum/schemas";

export const metadata: Metadata = { title: "Forum", robots: { index: false } };

export default async function ForumCategoryPage({ params, searchParams }: PageProps<"/forum/[categorySlug]">) {
  const me = await requirePageAccess(SIGNED_IN);
  const { categorySlug } = await params;
  const { after } = pageQuery(topicListQuerySchema.pick({ after: true }), await searchParams);
  const category = await getCategoryBySlug(categorySlug, me).catch((error) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  const page = category.locked ? null : await listTopics(me, { categoryId: category.id, after });
  return (
    <div className="grid gap-8">
      <Link href="/forum" className="text-sm text-primary underline-offset-4 hover:underline">
        ← All forums
      </Link>
      <ForumHeader title={category.name} description={category.description} />
      {category.archived ? <p className="rounded-md bg-secondary p-4">This category is archived. No new posts can be added.</p> : null}
      {page ? (
        <section aria-label={`Topics in ${category.name}`}>
          <TopicList topics={page.topics} showCategory={false} nextHref={page.nextCursor ? `/forum/${category.slug}?after=${page.nextCursor}` : null} />
        </section>
      ) : (
        <GatingPanel level={category.requiredMembershipLevel} memberLevel={me.membershipLevel} what="This forum category" holds={`It holds ${topicCount(category.topicCount)}.`} />
      )}
    </div>
  );
}
