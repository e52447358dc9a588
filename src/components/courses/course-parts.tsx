import { formatDate } from "@/lib/format";
import type { Jsonified } from "@/lib/json";
import type { LessonLock } from "@/features/courses/types";

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
