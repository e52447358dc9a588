"use client";

import Link from "next/link";
import { CheckCircle2, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { QueryStatus } from "@/components/ui/query-status";
import { useMemberQuery } from "@/hooks/use-member-query";
import { tierName } from "@/lib/format";
import type { Jsonified } from "@/lib/json";
import type { CourseCard } from "@/features/courses/types";
import { CourseProgress, levelLockText } from "./course-parts";

export const COURSES_KEY = "courses";

/**
 * /courses in the browser: every course with her progress; one her tier does not open says which does,
 * one her member level does not reach says at which level it opens.
 */
export function CourseList() {
  const list = useMemberQuery<Jsonified<CourseCard>[]>(COURSES_KEY, "/api/courses");
  return (
    <div className="grid gap-8">
      <header className="grid gap-2">
        <h1 className="text-4xl font-semibold">Courses</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">Learn step by step, at your own pace.</p>
      </header>
      <QueryStatus query={list} what="courses">
        {(courses) =>
          courses.length ? (
            <ul className="grid gap-6 md:grid-cols-2">
              {courses.map((course) => (
                <li key={course.id}>
                  <CourseCardView course={course} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No courses yet.</p>
          )
        }
      </QueryStatus>
    </div>
  );
}

function CourseCardView({ course }: { course: Jsonified<CourseCard> }) {
  return (
    <article className="relative grid h-full gap-3 rounded-xl border bg-card p-6 focus-within:ring-2 focus-within:ring-ring">
      <div className="flex flex-wrap gap-2">
        {course.status !== "published" ? <Badge variant="warning">Draft</Badge> : null}
        {course.completedAt ? (
          <Badge variant="secondary">
            <CheckCircle2 aria-hidden /> Completed
          </Badge>
        ) : null}
        {course.locked ? (
          <Badge variant="secondary">
            <Lock aria-hidden /> {tierName(course.requiredMembershipLevel)} members and above
          </Badge>
        ) : null}
        {course.levelLocked && course.requiredLevel ? (
          <Badge variant="secondary">
            <Lock aria-hidden /> {levelLockText(course.requiredLevel)}
          </Badge>
        ) : null}
      </div>
      <h2 className="text-xl font-semibold">
        <Link href={`/courses/${course.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
          {course.title}
        </Link>
      </h2>
      <p className="text-muted-foreground">{course.summary}</p>
      {course.locked || course.levelLocked ? null : (
        <CourseProgress {...course.progress} label={`Your progress in ${course.title}`} />
      )}
    </article>
  );
}
