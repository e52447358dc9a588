import { OptimizedImage } from "@/components/ui/optimized-image";
import Link from "next/link";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { PostSummary } from "@/features/blog/types";

/** "Author · date", as the blog list and the article page show it. */
export function PostByline({
  post,
  prefix = "",
  className,
}: {
  post: Pick<PostSummary, "authorName" | "publishedAt">;
  prefix?: string;
  className?: string;
}) {
  return (
    <p className={cn("text-muted-foreground", className)}>
      {prefix}
      {post.authorName}
      {post.publishedAt ? (
        <>
          {" · "}
          <time dateTime={post.publishedAt.toISOString()}>{formatDate(post.publishedAt)}</time>
        </>
      ) : null}
    </p>
  );
}

/** `first`: the card at the top of the list, whose picture is the page's largest paint, loads at once. */
export function PostCard({ post, first = false }: { post: PostSummary; first?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      {post.imageUrl ? (
        <OptimizedImage
          src={post.imageUrl}
          alt=""
          width={640}
          height={360}
          className="aspect-video w-full object-cover"
          {...(first ? { loading: "eager", fetchPriority: "high" } : {})}
        />
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-medium text-primary">{post.category}</p>
        <h2 className="mt-2 text-xl font-semibold">
          <Link href={`/blog/${post.slug}`} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 flex-1 text-muted-foreground">{post.excerpt}</p>
        <PostByline post={post} className="mt-4 text-sm" />
      </div>
    </article>
  );
}
