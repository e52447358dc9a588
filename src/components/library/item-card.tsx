import Link from "next/link";
import { Eye, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { ContentType } from "@/features/library/constants";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { LibraryCard } from "@/features/library/types";
import { CONTENT_TYPE_ICONS, contentTypeLabel, readingLabel } from "./labels";
import { tierName } from "@/lib/format";

/** A card as it arrives from the API (dates as strings) or from a server component. */
export type CardData = Omit<LibraryCard, "publishedAt"> & { publishedAt: string | Date | null };

export function LibraryBadges({
  item,
}: {
  item: Pick<CardData, "isFeatured" | "membersOnly" | "requiredMembershipLevel" | "locked">;
}) {
  return (
    <>
      {item.isFeatured ? <Badge>Featured</Badge> : null}
      {item.membersOnly ? (
        <Badge variant="secondary">
          Members Only{item.requiredMembershipLevel ? ` · ${tierName(item.requiredMembershipLevel)}` : ""}
        </Badge>
      ) : null}
      {item.locked ? (
        <Badge variant="warning">
          <Lock aria-hidden className="size-3" /> Locked
        </Badge>
      ) : null}
    </>
  );
}

// Image, Featured and Members Only badges, type, views, title, summary, date,
// reading time and a Read More link.
export function ItemCard({
  item,
  layout = "grid",
  headingLevel = "h3",
}: {
  item: CardData;
  layout?: "grid" | "list";
  headingLevel?: "h2" | "h3";
}) {
  const TypeIcon = CONTENT_TYPE_ICONS[item.contentType as ContentType];
  const Heading = headingLevel;
  return (
    <article
      data-testid="library-card"
      className={cn(
        "flex h-full overflow-hidden rounded-xl border bg-card shadow-sm",
        layout === "grid" ? "flex-col" : "flex-col sm:flex-row",
      )}
    >
      {item.featuredImage ? (
        // eslint-disable-next-line @next/next/no-img-element -- uploaded images come from /api/files, which next/image cannot fetch with the member's session
        <img
          src={item.featuredImage}
          alt=""
          loading="lazy"
          className={cn(
            "object-cover",
            layout === "grid" ? "aspect-video w-full" : "aspect-video w-full sm:aspect-square sm:w-48",
          )}
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <LibraryBadges item={item} />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            {TypeIcon ? <TypeIcon aria-hidden className="size-4" /> : null}
            {contentTypeLabel(item.contentType)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Eye aria-hidden className="size-4" />
            {item.viewCount} {item.viewCount === 1 ? "view" : "views"}
          </span>
        </div>
        <Heading className="text-lg font-semibold leading-snug">
          <Link href={`/library/item/${item.slug}`} className="hover:underline">
            {item.title}
          </Link>
        </Heading>
        <p className="flex-1 text-muted-foreground">{item.summary}</p>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            {item.publishedAt ? (
              <time dateTime={new Date(item.publishedAt).toISOString()}>{formatDate(item.publishedAt)}</time>
            ) : (
              "Draft"
            )}{" "}
            · {readingLabel(item)}
          </span>
          <Link
            href={`/library/item/${item.slug}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
            aria-label={`Read More: ${item.title}`}
          >
            Read More
          </Link>
        </div>
      </div>
    </article>
  );
}
