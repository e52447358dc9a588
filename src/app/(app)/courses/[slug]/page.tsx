import { Suspense } from "react";
import { CourseOutlineView } from "@/components/courses/course-outline";
import { PRERENDERED_PARAM } from "@/lib/http/member-pages";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

// One page prerendered for every course (next.config.ts rewrites /courses/{slug} to it): the one she
// asked for loads in the browser (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ slug: PRERENDERED_PARAM }];
}

export default function CoursePage() {
  return (
    <Suspense>
      <CourseOutlineView />
    </Suspense>
  );
}
