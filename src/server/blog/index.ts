import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, desc, eq, lte } from "drizzle-orm";
import { cache } from "react";
import { db } from "@/db";
import { blogPosts } from "@/db/schema";
import { AppError, notFound } from "@/lib/errors";
import { contentSaved } from "@/server/jobs/content-saved";
import { recordAudit } from "@/server/audit";
import type { z } from "@/lib/validation";
import type { blogPostSchema } from "@/features/blog/schemas";
import type { PostSummary } from "@/features/blog/types";
import { violatedConstraint } from "@/lib/database-errors";

type PostInput = z.output<typeof blogPostSchema>;

const summary = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  authorName: blogPosts.authorName,
  imageUrl: blogPosts.imageUrl,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};
const published = () => and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, new Date()));

/** Published posts, newest first (the /blog list, RSS and sitemap). */
export const listPublishedPosts = cache(async (): Promise<PostSummary[]> =>
  db.select(summary).from(blogPosts).where(published()).orderBy(desc(blogPosts.publishedAt)),
);

export const getPublishedPost = cache(async (slug: string) => {
  const [post] = await db
    .select({ ...summary, body: blogPosts.body })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), published()))
    .limit(1);
  return post ?? null;
});

/** Every post, drafts included, for /admin/blog. */
export async function listAllPosts(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  return db
    .select({ ...summary, body: blogPosts.body, status: blogPosts.status })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}
export type AdminPost = Awaited<ReturnType<typeof listAllPosts>>[number];

const isSlugTaken = (error: unknown) => violatedConstraint(error) === "blog_posts_slug_key";
const slugTaken = () =>
  new AppError(409, "Another post already uses this slug.", { slug: "Another post already uses this slug." });

export async function createPost(viewer: SessionUser, input: PostInput) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  try {
    const [post] = await db
      .insert(blogPosts)
      .values({
        ...input,
        imageUrl: input.imageUrl || null,
        authorId: actorId,
        publishedAt: input.status === "published" ? new Date() : null,
      })
      .returning();
    await recordAudit({
      actorId,
      action: "blog.create",
      entityType: "blog_post",
      entityId: post!.id,
      details: { slug: post!.slug, status: post!.status },
    });
    await contentSaved("blog", db, post!.id);
    return post!;
  } catch (error) {
    if (isSlugTaken(error)) throw slugTaken();
    throw error;
  }
}

/** Updates a post; publishing stamps publishedAt the first time, unpublishing keeps it for republishing. */
export async function updatePost(viewer: SessionUser, id: number, input: PostInput) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  const [before] = await db
    .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  if (!before) throw notFound("Post not found.");
  try {
    const [post] = await db
      .update(blogPosts)
      .set({
        ...input,
        imageUrl: input.imageUrl || null,
        publishedAt: input.status === "published" ? (before.publishedAt ?? new Date()) : before.publishedAt,
      })
      .where(eq(blogPosts.id, id))
      .returning();
    await recordAudit({
      actorId,
      action: "blog.update",
      entityType: "blog_post",
      entityId: id,
      details: { slug: post!.slug, status: post!.status },
    });
    await contentSaved("blog", db, id);
    return { post: post!, previousSlug: before.slug };
  } catch (error) {
    if (isSlugTaken(error)) throw slugTaken();
    throw error;
  }
}

export async function deletePost(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  const [post] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ slug: blogPosts.slug });
  if (!post) throw notFound("Post not found.");
  await recordAudit({
    actorId,
    action: "blog.delete",
    entityType: "blog_post",
    entityId: id,
    details: { slug: post.slug },
  });
  await contentSaved("blog", db, id);
  return post;
}
