import type { Metadata } from "next";
import { Suspense } from "react";
import { TopicView } from "@/components/forum/topic-view";
import { PRERENDERED_PARAM } from "@/lib/http/member-pages";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

export const metadata: Metadata = { title: "Forum topic", robots: { index: false } };

// One page prerendered for every topic (next.config.ts rewrites /forum/topic/{slug} to it): the topic
// she asked for loads in the browser (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ slug: PRERENDERED_PARAM }];
}

export default function TopicPage() {
  return (
    <Suspense>
      <TopicView />
    </Suspense>
  );
}
