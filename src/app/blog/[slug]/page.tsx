import type { Metadata } from "next";
import { OptimizedImage } from "@/components/ui/optimized-image";
import Link from "next/link";
import { notFound } from "next/navigation";
import Markdown from "react-markdown";
import { JsonLd } from "@/components/seo/json-ld";
import { PostByline } from "@/components/blog/post-card";
import { getPublishedPost, listPublishedPosts } from "@/server/blog";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

export async function generateStaticParams() {
  return (await listPublishedPosts()).map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: PageProps<"/blog/[slug]">): Promise<Metadata> {
  const post = await getPublishedPost((await params).slug);
  if (!post) return { title: "Post not found", robots: { index: false } };
  return {
    title: post.title,
    description: post.excerpt,
    alternates: { canonical: `/blog/${post.slug}` },
    openGraph: {
      type: "article",
      title: post.title,
      description: post.excerpt,
      publishedTime: post.publishedAt?.toISOString(),
      authors: [post.authorName],
    },
  };
}

export default async function BlogPostPage({ params }: PageProps<"/blog/[slug]">) {
  const post = await getPublishedPost((await params).slug);
  if (!post) notFound();
  const settings = await getSiteSettings();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.excerpt,
          datePublished: post.publishedAt?.toISOString(),
          dateModified: post.updatedAt.toISOString(),
          author: { "@type": "Person", name: post.authorName },
          publisher: { "@type": "Organization", name: settings.siteName },
          articleSection: post.category,
          mainEntityOfPage: `/blog/${post.slug}`,
        }}
      />
      <p>
        <Link href="/blog" className="text-sm text-primary underline underline-offset-4">
          ← All posts
        </Link>
      </p>
      <p className="mt-6 text-sm font-medium text-primary">{post.category}</p>
      <h1 className="mt-2 text-4xl font-semibold text-balance">{post.title}</h1>
      <PostByline post={post} prefix="By " className="mt-4" />
      {post.imageUrl ? (
        <OptimizedImage
          src={post.imageUrl}
          alt=""
          width={960}
          height={540}
          loading="eager"
          fetchPriority="high"
          className="mt-8 aspect-video w-full rounded-xl object-cover"
        />
      ) : null}
      {/* Markdown without raw HTML: react-markdown ignores embedded HTML and drops unsafe link protocols. */}
      <div className="prose-post mt-8">
        <Markdown>{post.body}</Markdown>
      </div>
    </article>
  );
}
