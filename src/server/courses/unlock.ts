import "server-only";
import type { UnlockRule } from "@/features/courses/constants";

const DAY_MS = 86_400_000;

export interface LessonRule {
  title: string;
  /** The lesson's own rule, or its module's when it has none. */
  unlockRule: UnlockRule;
  unlockDays: number | null;
  unlockDate: Date | null;
  completed: boolean;
}

export interface Lock {
  rule: Exclude<UnlockRule, "immediately">;
  opensAt: Date | null;
  days: number | null;
  previousTitle: string | null;
}

/**
 * Which of a course's lessons (in course order) are open to her, and for each locked one why and when
 * it opens: null for an open lesson. A lesson she has completed stays open, whatever its rule says
 * now. "After the previous lesson" means the lesson before it in the course, across modules; the
 * first lesson has none and is open. Before she has started the course a days_after_start lesson has
 * no date yet.
 */
export function lessonLocks(lessons: LessonRule[], startedAt: Date | null, now: Date): (Lock | null)[] {
  return lessons.map((lesson, index) => {
    if (lesson.completed) return null;
    const lock = (rule: Lock["rule"], opensAt: Date | null, extra: Partial<Lock> = {}): Lock => ({
      rule,
      opensAt,
      days: null,
      previousTitle: null,
      ...extra,
    });
    switch (lesson.unlockRule) {
      case "immediately":
        return null;
      case "after_previous": {
        const previous = lessons[index - 1];
        return !previous || previous.completed ? null : lock("after_previous", null, { previousTitle: previous.title });
      }
      case "days_after_start": {
        const days = lesson.unlockDays ?? 0;
        const opensAt = startedAt ? new Date(startedAt.getTime() + days * DAY_MS) : null;
        return opensAt && opensAt <= now ? null : lock("days_after_start", opensAt, { days });
      }
      case "on_date":
        return !lesson.unlockDate || lesson.unlockDate <= now ? null : lock("on_date", lesson.unlockDate);
    }
  });
}
