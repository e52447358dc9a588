"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Circle, Lock } from "lucide-react";
import { GatingPanel } from "@/components/membership/gating-panel";
import { focusHeadingOnArrival } from "@/components/ui/arrival-heading";
import { Button } from "@/components/ui/button";
import { QueryStatus } from "@/components/ui/query-status";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useMemberQuery } from "@/hooks/use-member-query";
import { usePathSegment } from "@/hooks/use-path-segment";
import { toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import type { Jsonified } from "@/lib/json";
import type { CourseOutline } from "@/features/courses/types";
import { COURSES_KEY } from "./course-list";
import { NotFoundPanel } from "@/components/ui/not-found-panel";
import { levelLockMessage } from "@/features/courses/constants";
import { CourseProgress, LevelLockPanel, lockText } from "./course-parts";

type Outline = Jsonified<CourseOutline>;

/**
 * /courses/{slug} in the browser: the outline with her ticks, her progress and "Continue"; below the
 * course's member level, the outline alone and the level that opens it.
 */
export function CourseOutlineView() {
  const slug = usePathSegment(1);
  const outline = useMemberQuery<Outline>(COURSES_KEY, `/api/courses/${encodeURIComponent(slug)}`);
  useDocumentTitle(outline.data?.title);
  if (outline.error instanceof ApiError && outline.error.status === 404)
    return <NotFoundPanel title="Course Not Found" href="/courses" returnLabel="Return to Courses" />;
  return (
    <QueryStatus query={outline} what="course" className="mx-auto max-w-3xl">
      {(course) => <OutlinePage course={course} />}
    </QueryStatus>
  );
}

function OutlinePage({ course }: { course: Outline }) {
  const { user } = useCurrentUser();
  const lessons = course.modules.flatMap((module) => module.lessons);
  return (
    <article className="mx-auto grid max-w-3xl gap-8">
      <p>
        <Link href="/courses" className="text-sm text-primary underline underline-offset-4">
          ← All courses
        </Link>
      </p>
      <header className="grid gap-4">
        <h1 className="text-4xl font-semibold text-balance">{course.title}</h1>
        <p className="text-lg text-muted-foreground">{course.summary}</p>
        {course.locked || course.levelLocked ? null : (
          <>
            <CourseProgress {...course.progress} label="Your progress in this course" />
            {course.completedAt ? (
              <p role="status" className="flex items-center gap-2 font-medium text-success">
                <CheckCircle2 aria-hidden className="size-5" /> You have completed this course. Well done!
              </p>
            ) : null}
            <NextStep course={course} firstLesson={lessons[0]?.slug ?? null} />
          </>
        )}
      </header>
      {course.locked ? (
        <GatingPanel
          level={course.requiredMembershipLevel}
          memberLevel={user?.membershipLevel ?? null}
          what="This course"
        />
      ) : (
        <>
          {course.levelLocked && course.requiredLevel ? (
            <LevelLockPanel message={levelLockMessage(course.requiredLevel)} />
          ) : null}
          <OutlineLessons course={course} />
        </>
      )}
    </article>
  );
}

/** The modules and their lessons: each a link, with its tick or lock; titles only below the course's level. */
function OutlineLessons({ course }: { course: Outline }) {
  return (
    <section aria-labelledby="outline-heading" className="grid gap-6">
      <h2 id="outline-heading" className="text-2xl font-semibold">
        Lessons
      </h2>
      {course.modules.map((module) => (
        <section key={module.id} aria-labelledby={`module-${module.id}`} className="grid gap-2">
          <h3 id={`module-${module.id}`} className="text-lg font-semibold">
            {module.title}
          </h3>
          <ol className="grid gap-1 rounded-xl border bg-card p-2">
            {module.lessons.map((lesson) => (
              <li key={lesson.id} className="flex items-start gap-3 rounded-md p-2">
                {lesson.completed && !course.levelLocked ? (
                  <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
                ) : lesson.lock || course.levelLocked ? (
                  <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                ) : (
                  <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                )}
                <span className="grid">
                  {course.levelLocked ? (
                    <span className="font-medium">
                      {lesson.title}
                      <span className="sr-only"> (locked)</span>
                    </span>
                  ) : (
                    <Link href={`/courses/${course.slug}/${lesson.slug}`} className="font-medium hover:underline">
                      {lesson.title}
                      <span className="sr-only">
                        {lesson.completed ? " (complete)" : lesson.lock ? " (locked)" : ""}
                      </span>
                    </Link>
                  )}
                  {lesson.lock && !course.levelLocked ? (
                    <span className="text-sm text-muted-foreground">{lockText(lesson.lock)}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}

/** "Start course" before she has, "Continue" to her next open lesson after, nothing once all is done. */
function NextStep({ course, firstLesson }: { course: Outline; firstLesson: string | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => apiRequest("POST", `/api/courses/${encodeURIComponent(course.slug)}/start`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [COURSES_KEY] });
      if (firstLesson) {
        focusHeadingOnArrival();
        router.push(`/courses/${course.slug}/${firstLesson}`);
      }
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not start the course.")),
  });
  if (!firstLesson || course.completedAt) return null;
  if (!course.startedAt)
    return (
      <div>
        <Button pending={start.isPending} pendingLabel="Starting..." onClick={() => start.mutate()}>
          Start course
        </Button>
      </div>
    );
  if (!course.next) return <p className="text-muted-foreground">Your next lesson is not open yet.</p>;
  return (
    <div>
      <Button asChild>
        <Link href={`/courses/${course.slug}/${course.next.slug}`} aria-label={`Continue: ${course.next.title}`}>
          Continue
        </Link>
      </Button>
    </div>
  );
}
