import type { Metadata } from "next";
import Link from "next/link";
import { CategoryManager, ModerationDecision, TopicModeration } from "@/components/admin/forum-manager";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { formatDateTime } from "@/lib/format";
import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { pageQuery } from "@/lib/page-input";
import { listCategoriesForAdmin, listModerationQueue, listTopics } from "@/server/forum";
import { topicListQuerySchema } from "@/features/forum/schemas";

export const metadata: Metadata = { title: "Forum Management", robots: { index: false } };

export default async function ForumAdminPage({ searchParams }: PageProps<"/admin/forum">) {
  const admin = await requirePageAccess(ADMIN);
  const { after } = pageQuery(topicListQuerySchema.pick({ after: true }), await searchParams);
  const [categories, topics, queue] = await Promise.all([
    listCategoriesForAdmin(admin),
    listTopics(admin, { after }),
    listModerationQueue(admin),
  ]);
  const categoryOptions = categories.map(({ id, name }) => ({ id, name }));
  return (
    <div className="grid gap-10">
      <div>
        <h1 className="text-3xl font-semibold">Forum Management</h1>
        <p className="mt-2 text-muted-foreground">
          Categories, pinned and locked topics, and the moderation queue. Every change is recorded in the audit log.
        </p>
      </div>

      {/* A decision takes the post out of the queue: focus goes to the next one, or to the heading. */}
      <RowFocusScope>
        <section aria-labelledby="queue-heading" className="grid gap-4">
          <h2 id="queue-heading" className="text-2xl font-semibold" tabIndex={-1} data-row-fallback>
            Moderation queue
          </h2>
          {queue.length === 0 ? (
            <p className="text-muted-foreground">No reported posts. All clear.</p>
          ) : (
            <ul className="grid gap-4">
              {queue.map((item) => (
                <li key={item.postId} className="grid gap-3 rounded-md border p-4" data-row tabIndex={-1}>
                  <p className="text-sm text-muted-foreground">
                    {item.status === "hidden" ? "Hidden" : "Visible"} · reported {item.reportCount}{" "}
                    {item.reportCount === 1 ? "time" : "times"} · by {item.author.firstName} {item.author.lastName} in{" "}
                    <Link
                      href={`/forum/topic/${item.topic.slug}`}
                      className="text-primary underline underline-offset-4"
                    >
                      {item.topic.title}
                    </Link>{" "}
                    · {formatDateTime(item.createdAt)}
                  </p>
                  <blockquote className="border-l-4 pl-3 break-words whitespace-pre-wrap">{item.content}</blockquote>
                  <ul className="list-disc pl-5 text-sm">
                    {item.reasons.map((reason, index) => (
                      <li key={index}>{reason}</li>
                    ))}
                  </ul>
                  <ModerationDecision postId={item.postId} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </RowFocusScope>

      <section aria-labelledby="categories-heading" className="grid gap-4">
        <h2 id="categories-heading" className="text-2xl font-semibold">
          Categories
        </h2>
        <CategoryManager categories={categories} />
      </section>

      {/* Delete takes the topic away: focus goes to the next one, or to the heading. */}
      <RowFocusScope>
        <section aria-labelledby="topics-heading" className="grid gap-4">
          <h2 id="topics-heading" className="text-2xl font-semibold" tabIndex={-1} data-row-fallback>
            Topics
          </h2>
          <ul className="grid gap-3">
            {topics.topics.map((topic) => (
              <li key={topic.id} className="grid gap-2 rounded-md border p-3" data-row>
                <p>
                  <Link href={`/forum/topic/${topic.slug}`} className="font-medium underline underline-offset-4">
                    {topic.title}
                  </Link>{" "}
                  <span className="text-sm text-muted-foreground">
                    · {topic.category.name} · {topic.user.firstName} {topic.user.lastName}
                    {topic.isPinned ? " · Pinned" : ""}
                    {topic.isLocked ? " · Locked" : ""}
                  </span>
                </p>
                <TopicModeration
                  topic={{
                    id: topic.id,
                    title: topic.title,
                    slug: topic.slug,
                    isPinned: topic.isPinned,
                    isLocked: topic.isLocked,
                    categoryId: topic.categoryId,
                    authorName: topic.user.firstName,
                  }}
                  categories={categoryOptions}
                />
              </li>
            ))}
          </ul>
          {topics.nextCursor ? (
            <Link
              href={`/admin/forum?after=${topics.nextCursor}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Older topics
            </Link>
          ) : null}
        </section>
      </RowFocusScope>
    </div>
  );
}
