import { Suspense } from "react";
import { CourseLessonView } from "@/components/courses/lesson-view";
import { PRERENDERED_PARAM } from "@/lib/http/member-pages";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

// One page prerendered for every lesson of every course (next.config.ts rewrites
// /courses/{slug}/{lesson} to /courses/_/_): the one she asked for loads in the browser
// (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ slug: PRERENDERED_PARAM, lesson: PRERENDERED_PARAM }];
}

export default function CourseLessonPage() {
  return (
    <Suspense>
      <CourseLessonView />
    </Suspense>
  );
}
