"use client";

import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, CheckCircle2, Lock } from "lucide-react";
import { GatingPanel } from "@/components/membership/gating-panel";
import { ArrivalHeading } from "@/components/ui/arrival-heading";
import { Button } from "@/components/ui/button";
import { QueryStatus } from "@/components/ui/query-status";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useMemberQuery } from "@/hooks/use-member-query";
import { usePathSegment } from "@/hooks/use-path-segment";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import type { Jsonified } from "@/lib/json";
import type { CourseLesson, CourseProgress as Progress } from "@/features/courses/types";
import { COURSES_KEY } from "./course-list";
import { NotFoundPanel } from "@/components/ui/not-found-panel";
import { CourseProgress, LevelLockPanel, lockText } from "./course-parts";
import { LessonDownloads, LessonMedia, WatchToComplete, completesByWatching } from "./lesson-media";
import { LessonQuiz } from "./lesson-quiz";
import { LessonDiscussion } from "./lesson-discussion";

type Lesson = Jsonified<CourseLesson>;

/** /courses/{slug}/{lesson} in the browser: the lesson when it is open to her, else its title and when it opens. */
export function CourseLessonView() {
  const courseSlug = usePathSegment(1);
  const lessonSlug = usePathSegment(2);
  const lesson = useMemberQuery<Lesson>(
    COURSES_KEY,
    `/api/courses/${encodeURIComponent(courseSlug)}/lessons/${encodeURIComponent(lessonSlug)}`,
  );
  useDocumentTitle(lesson.data?.title);
  if (lesson.error instanceof ApiError && lesson.error.status === 404)
    return <NotFoundPanel title="Lesson Not Found" href="/courses" returnLabel="Return to Courses" />;
  // Refused (403): the course's member level is above hers; the server says which.
  if (lesson.error instanceof ApiError && lesson.error.status === 403)
    return (
      <div className="mx-auto max-w-3xl">
        <LevelLockPanel
          message={lesson.error.serverMessage ?? lesson.error.message}
          back={{ href: `/courses/${courseSlug}`, label: "Back to the course" }}
        />
      </div>
    );
  return (
    <QueryStatus query={lesson} what="lesson" className="mx-auto max-w-3xl">
      {(data) => <LessonPage lesson={data} />}
    </QueryStatus>
  );
}

function LessonPage({ lesson }: { lesson: Lesson }) {
  const { user } = useCurrentUser();
  const course = lesson.course;
  return (
    <article className="mx-auto grid max-w-3xl gap-8">
      <p>
        <Link href={`/courses/${course.slug}`} className="text-sm text-primary underline underline-offset-4">
          ← {course.title}
        </Link>
      </p>
      <header className="grid gap-3">
        <p className="text-sm font-medium text-muted-foreground">{lesson.moduleTitle}</p>
        <ArrivalHeading className="text-4xl font-semibold text-balance">{lesson.title}</ArrivalHeading>
        {course.locked ? null : <CourseProgress {...course.progress} label="Your progress in this course" />}
      </header>
      {course.locked ? (
        <GatingPanel
          level={course.requiredMembershipLevel}
          memberLevel={user?.membershipLevel ?? null}
          what="This course"
        />
      ) : lesson.lock ? (
        <section
          data-testid="lesson-locked"
          aria-labelledby="lesson-locked-heading"
          className="grid justify-items-center gap-3 rounded-xl border border-primary/30 bg-secondary/50 p-8 text-center"
        >
          <Lock aria-hidden className="size-8 text-primary" />
          <h2 id="lesson-locked-heading" className="text-2xl font-semibold">
            This lesson is not open yet
          </h2>
          <p className="text-muted-foreground">{lockText(lesson.lock)}.</p>
        </section>
      ) : (
        <>
          <LessonMedia lesson={lesson} />
          {/* Sanitized on save and again when read (src/server/courses/member.ts): only the editor's own markup. */}
          <div
            className="prose-post"
            data-testid="lesson-body"
            dangerouslySetInnerHTML={{ __html: lesson.content ?? "" }}
          />
          <LessonDownloads files={lesson.media?.files ?? []} />
          {/* A lesson with a quiz is completed by passing it (docs/decisions/053-course-quizzes.md). */}
          {lesson.hasQuiz ? (
            <LessonQuiz courseSlug={course.slug} lessonSlug={lesson.slug} />
          ) : completesByWatching(lesson) ? (
            <WatchToComplete lesson={lesson} />
          ) : (
            <MarkComplete lesson={lesson} />
          )}
          <LessonDiscussion courseSlug={course.slug} lessonSlug={lesson.slug} />
        </>
      )}
      <nav aria-label="Lessons" className="flex flex-wrap justify-between gap-3 border-t pt-6">
        {/* Each named in full by aria-label: a visually hidden span's text is read as "Next : title". */}
        {lesson.previous ? (
          <Button asChild variant="outline">
            <Link
              href={`/courses/${course.slug}/${lesson.previous.slug}`}
              aria-label={`Previous: ${lesson.previous.title}`}
            >
              <ArrowLeft aria-hidden /> Previous
            </Link>
          </Button>
        ) : (
          <span />
        )}
        {lesson.next ? (
          <Button asChild variant="outline">
            <Link href={`/courses/${course.slug}/${lesson.next.slug}`} aria-label={`Next: ${lesson.next.title}`}>
              Next <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : null}
      </nav>
    </article>
  );
}

/** "Mark complete": the button stays where she pressed it, and says "Completed" once it is. */
function MarkComplete({ lesson }: { lesson: Lesson }) {
  const queryClient = useQueryClient();
  const path = `/api/courses/${encodeURIComponent(lesson.course.slug)}/lessons/${encodeURIComponent(lesson.slug)}/complete`;
  const complete = useMutation({
    mutationFn: () => apiRequest<Jsonified<Progress>>("POST", path),
    onSuccess: async (progress) => {
      await queryClient.invalidateQueries({ queryKey: [COURSES_KEY] });
      toast({
        title: progress.completedAt ? "Course complete" : "Lesson complete",
        description: `${progress.progress.completed} of ${progress.progress.total} lessons complete.`,
      });
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not mark the lesson complete.")),
  });
  return (
    <div>
      <Button
        variant={lesson.completed ? "secondary" : "default"}
        aria-pressed={lesson.completed}
        pending={complete.isPending}
        pendingLabel="Saving..."
        onClick={() => (lesson.completed ? undefined : complete.mutate())}
      >
        <CheckCircle2 aria-hidden /> {lesson.completed ? "Completed" : "Mark complete"}
      </Button>
    </div>
  );
}
