import { Suspense } from "react";
import { CourseList } from "@/components/courses/course-list";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

// Prerendered once for every member (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md).
export default function CoursesPage() {
  return (
    <Suspense>
      <CourseList />
    </Suspense>
  );
}
