import { Suspense } from "react";
import { LibraryCategoryView } from "@/components/library/library-views";
import { PRERENDERED_PARAM } from "@/lib/http/member-pages";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

// One page prerendered for every category (next.config.ts rewrites /library/category/{slug} to it): the one
// she asked for loads in the browser (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ slug: PRERENDERED_PARAM }];
}

export default function LibraryCategoryPage() {
  return (
    <Suspense>
      <LibraryCategoryView />
    </Suspense>
  );
}
