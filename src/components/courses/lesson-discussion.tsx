"use client";

import { Comments } from "@/components/library/comments";
import { useCurrentUser } from "@/hooks/use-auth";

/**
 * "Discussion" under an open lesson: the library's comments with the lesson as their target
 * (docs/decisions/054-course-discussion-and-admin.md); the server answers them only to members the
 * lesson is open to.
 */
export function LessonDiscussion({ courseSlug, lessonSlug }: { courseSlug: string; lessonSlug: string }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <section aria-labelledby="lesson-discussion-heading" className="grid gap-4 border-t pt-6">
      <h2 id="lesson-discussion-heading" className="text-2xl font-semibold">
        Discussion
      </h2>
      <Comments
        target={{
          lessonApiPath: `/api/courses/${encodeURIComponent(courseSlug)}/lessons/${encodeURIComponent(lessonSlug)}`,
        }}
        viewer={{ id: user.id, isAdmin: user.isAdmin }}
      />
    </section>
  );
}
