import type { Metadata } from "next";
import { Suspense } from "react";
import { ForumHeader } from "@/components/forum/forum-header";
import { ForumHome } from "@/components/forum/forum-home";
import { FORUM_DESCRIPTION, FORUM_TITLE } from "@/features/forum/constants";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

export const metadata: Metadata = { title: "Forum", robots: { index: false } };

// Prerendered once for every member (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md): her categories, topics
// and searches load in the browser.
export default function ForumPage() {
  return (
    <Suspense fallback={<ForumHeader title={FORUM_TITLE} description={FORUM_DESCRIPTION} />}>
      <ForumHome />
    </Suspense>
  );
}
