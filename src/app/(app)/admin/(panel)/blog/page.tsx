import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import { BlogManager } from "@/components/admin/blog-manager";

export const metadata: Metadata = { title: "Blog Management", robots: { index: false } };

export default async function BlogAdminPage() {
  await requirePageAccess(ADMIN);
  return (
    <div>
      <h1 className="text-3xl font-semibold">Blog Management</h1>
      <p className="mt-2 mb-6 text-muted-foreground">
        Write posts in Markdown, publish and unpublish them. Published posts appear on the blog, in the RSS feed and in
        the sitemap at once.
      </p>
      <BlogManager />
    </div>
  );
}
