import type { Metadata } from "next";
import { Suspense } from "react";
import { CategoryView } from "@/components/forum/category-view";
import { PRERENDERED_PARAM } from "@/lib/http/member-pages";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

export const metadata: Metadata = { title: "Forum", robots: { index: false } };

// One page prerendered for every category (next.config.ts rewrites /forum/{slug} to it): the category
// she asked for loads in the browser (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ categorySlug: PRERENDERED_PARAM }];
}

export default function ForumCategoryPage() {
  return (
    <Suspense>
      <CategoryView />
    </Suspense>
  );
}
