import Link from "next/link";
import { Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import type { Jsonified } from "@/lib/json";
import type { CourseCard, LessonLock } from "@/features/courses/types";

/** When and how a locked lesson opens, in her words. */
export function lockText(lock: Jsonified<LessonLock>): string {
  switch (lock.rule) {
    case "after_previous":
      return `Opens when you complete “${lock.previousTitle}”`;
    case "days_after_start":
      return lock.opensAt
        ? `Opens on ${formatDate(lock.opensAt)}`
        : `Opens ${lock.days} ${lock.days === 1 ? "day" : "days"} after you start the course`;
    case "on_date":
      return `Opens on ${formatDate(lock.opensAt!)}`;
  }
}

/** "4 of 14 lessons complete" and its bar. */
export function CourseProgress({ completed, total, label }: { completed: number; total: number; label: string }) {
  const percent = total ? Math.round((100 * completed) / total) : 0;
  return (
    <div className="grid gap-1.5">
      <p className="text-sm text-muted-foreground">
        {completed} of {total} {total === 1 ? "lesson" : "lessons"} complete
      </p>
      <progress
        max={total || 1}
        value={completed}
        aria-label={label}
        aria-valuetext={`${completed} of ${total} (${percent}%)`}
        className="course-progress h-2 w-full"
      />
    </div>
  );
}

/** "Opens at level 3: Regular", the label of a course her member level does not reach yet. */
export function levelLockText(level: NonNullable<CourseCard["requiredLevel"]>): string {
  return `Opens at level ${level.level}: ${level.name}`;
}

/**
 * A course (or its lesson) below her member level: why, and where she sees her points. `message` is
 * the server's when a lesson was refused.
 */
export function LevelLockPanel({ message, back }: { message: string; back?: { href: string; label: string } }) {
  return (
    <section
      data-testid="level-locked"
      aria-labelledby="level-locked-heading"
      className="grid justify-items-center gap-3 rounded-xl border border-primary/30 bg-secondary/50 p-8 text-center"
    >
      <Lock aria-hidden className="size-8 text-primary" />
      <h2 id="level-locked-heading" className="text-2xl font-semibold">
        Not open to you yet
      </h2>
      <p className="max-w-xl text-muted-foreground">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {back ? (
          <Button asChild variant="outline">
            <Link href={back.href}>{back.label}</Link>
          </Button>
        ) : null}
        <Button asChild>
          <Link href="/leaderboard">See the leaderboard</Link>
        </Button>
      </div>
    </section>
  );
}
