"use client";

import Link from "next/link";
import { Pencil } from "lucide-react";
import { GatingPanel } from "@/components/membership/gating-panel";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { QueryStatus } from "@/components/ui/query-status";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ContentType } from "@/features/library/constants";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useMemberQuery } from "@/hooks/use-member-query";
import { usePathSegment } from "@/hooks/use-path-segment";
import { ApiError } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { initialsOf } from "@/lib/initials";
import type { Jsonified } from "@/lib/json";
import type { LibraryCard, LibraryItem, LibraryTag } from "@/features/library/types";
import { Comments } from "./comments";
import { BookmarkButton, ShareButton } from "./item-actions";
import { ItemCard, LibraryBadges } from "./item-card";
import { ItemContent } from "./item-content";
import { ItemViews } from "./item-views";
import { CONTENT_TYPE_ICONS, contentTypeLabel, readingLabel } from "./labels";
import { NotFoundPanel } from "@/components/ui/not-found-panel";

type Item = Jsonified<LibraryItem>;

/** A status other than published shows a badge; no publishedAt shows 'Draft'. */
function statusBadge(item: { status: string; publishedAt: string | null }) {
  if (!item.publishedAt) return "Draft";
  if (item.status !== "published") return item.status[0]!.toUpperCase() + item.status.slice(1);
  return null;
}

/** /library/item/{slug} in the browser: the item, its content when her tier opens it, tags, comments and more like it. */
export function LibraryItemView() {
  const slug = usePathSegment(2);
  const item = useMemberQuery<Item>("library", `/api/content/items/${encodeURIComponent(slug)}`);
  useDocumentTitle(item.data?.title);
  if (item.error instanceof ApiError && item.error.status === 404)
    return <NotFoundPanel title="Content Not Found" href="/library" returnLabel="Return to Library" />;
  return (
    <QueryStatus query={item} what="content" className="mx-auto max-w-4xl">
      {(data) => <ItemPage item={data} />}
    </QueryStatus>
  );
}

function ItemPage({ item }: { item: Item }) {
  const { user } = useCurrentUser();
  const tags = useMemberQuery<LibraryTag[]>("library", `/api/content/items/${item.id}/tags`);
  const related = useMemberQuery<Jsonified<LibraryCard>[]>("library", `/api/content/items/${item.id}/related`);
  const TypeIcon = CONTENT_TYPE_ICONS[item.contentType as ContentType];
  const status = statusBadge(item);
  return (
    <article className="mx-auto grid max-w-4xl gap-8">
      <p>
        <Link
          href={item.category ? `/library/category/${item.category.slug}` : "/library"}
          className="text-sm text-primary underline underline-offset-4"
        >
          ← {item.category ? item.category.name : "All of the library"}
        </Link>
      </p>
      <header className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          {status ? <Badge variant="warning">{status}</Badge> : null}
          <LibraryBadges item={item} />
        </div>
        <h1 className="text-4xl font-semibold text-balance">{item.title}</h1>
        <p className="text-lg text-muted-foreground">{item.summary}</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
          {item.author ? (
            <Link
              href={`/profile/${item.author.id}`}
              className="inline-flex items-center gap-2 font-medium text-foreground hover:underline"
            >
              <Avatar className="size-8">
                {item.author.profilePicture ? <AvatarImage src={item.author.profilePicture} alt="" /> : null}
                <AvatarFallback className="text-xs">
                  {initialsOf(item.author.firstName, item.author.lastName)}
                </AvatarFallback>
              </Avatar>
              {item.author.firstName} {item.author.lastName}
            </Link>
          ) : null}
          <span>
            {item.publishedAt ? <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time> : "Draft"}
          </span>
          <span className="inline-flex items-center gap-1.5">
            {TypeIcon ? <TypeIcon aria-hidden className="size-4" /> : null}
            {contentTypeLabel(item.contentType)} · {readingLabel(item)}
          </span>
          <ItemViews
            id={item.id}
            slug={item.slug}
            initial={item.viewCount}
            record={item.status === "published" && !item.locked}
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <BookmarkButton contentId={item.id} />
          <ShareButton title={item.title} />
          {item.canEdit ? (
            <Button asChild variant="ghost">
              <Link href={`/admin/library/items/${item.id}`}>
                <Pencil aria-hidden /> Edit
              </Link>
            </Button>
          ) : null}
        </div>
      </header>

      {item.featuredImage && item.contentType !== "video" ? (
        // eslint-disable-next-line @next/next/no-img-element -- uploaded images are served with the member's session from /api/files
        <img src={item.featuredImage} alt="" className="aspect-video w-full rounded-xl object-cover" />
      ) : null}

      {item.locked ? (
        <GatingPanel
          level={item.requiredMembershipLevel}
          memberLevel={user?.membershipLevel ?? null}
          what="This content"
        />
      ) : (
        <ItemContent item={item} />
      )}

      {tags.data?.length ? (
        <section aria-labelledby="item-tags-heading">
          <h2 id="item-tags-heading" className="mb-3 text-lg font-semibold">
            Related tags
          </h2>
          <ul className="flex flex-wrap gap-2">
            {tags.data.map((tag) => (
              <li key={tag.slug}>
                <Link
                  href={`/library/tag/${tag.slug}`}
                  className="inline-block rounded-full border px-3 py-1 text-sm hover:bg-accent"
                >
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Tabs defaultValue={item.locked ? "related" : "comments"}>
        <TabsList>
          {item.locked ? null : <TabsTrigger value="comments">Comments</TabsTrigger>}
          <TabsTrigger value="related">More like this</TabsTrigger>
        </TabsList>
        {item.locked || !user ? null : (
          <TabsContent value="comments" className="mt-6">
            <Comments target={{ contentId: item.id }} viewer={{ id: user.id, isAdmin: user.isAdmin }} />
          </TabsContent>
        )}
        <TabsContent value="related" className="mt-6">
          <QueryStatus query={related} what="related content">
            {(cards) =>
              cards.length ? (
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {cards.map((card) => (
                    <li key={card.id}>
                      <ItemCard item={card} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground">Nothing else in this category yet.</p>
              )
            }
          </QueryStatus>
        </TabsContent>
      </Tabs>
    </article>
  );
}
