import type { Metadata } from "next";
import { PostCard } from "@/components/blog/post-card";
import { NewsletterForm } from "@/components/newsletter/newsletter-form";
import { PageHero, PageSection } from "@/components/public/page-hero";
import { listPublishedPosts } from "@/server/blog";
import { getSiteSettings } from "@/server/settings";
import { writeToUs } from "@/features/settings/schemas";

export const revalidate = 3600;

export const metadata: Metadata = {
  title: "Blog",
  description: "Stories, lessons and practices from our community of womxn creatives and leaders.",
  alternates: { canonical: "/blog", types: { "application/rss+xml": "/blog/rss.xml" } },
};

export default async function BlogPage() {
  const [posts, settings] = await Promise.all([listPublishedPosts(), getSiteSettings()]);
  return (
    <>
      <PageHero title="Blog" lead="Stories, lessons and practices from our community." />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        {posts.length ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <li key={post.id}>
                <PostCard post={post} first={index === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No posts yet. Subscribe below to hear when the first one is out.</p>
        )}
      </div>
      <PageSection
        id="press"
        title="Press"
        intro={`For interviews, features and press materials, ${writeToUs(settings)}.`}
        muted
      />
      <section id="newsletter" aria-labelledby="newsletter-heading">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center sm:px-6">
          <h2 id="newsletter-heading" className="text-3xl font-semibold">
            Get new posts by email
          </h2>
          <p className="mt-3 mb-6 text-muted-foreground">About once a month. Unsubscribe with one click.</p>
          <NewsletterForm source="blog" siteName={settings.siteName} />
        </div>
      </section>
    </>
  );
}
