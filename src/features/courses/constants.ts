export const COURSE_STATUSES = ["draft", "published"] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/**
 * When a lesson opens for her (docs/decisions/048-courses.md): at once, once the lesson before it in
 * the course is complete, a number of days after she started the course, or on a date. Set on a module
 * for all its lessons; a lesson may set its own.
 */
export const UNLOCK_RULES = ["immediately", "after_previous", "days_after_start", "on_date"] as const;
export type UnlockRule = (typeof UNLOCK_RULES)[number];

export const UNLOCK_RULE_LABELS: Record<UnlockRule, string> = {
  immediately: "At once",
  after_previous: "After the previous lesson is complete",
  days_after_start: "Some days after she starts the course",
  on_date: "On a date",
};

/** The most days after her start a lesson may wait (a year). */
export const MAX_UNLOCK_DAYS = 365;

/** A lesson's JSON body may be larger than the default 64 KiB: a long lesson. */
export const COURSE_LESSON_MAX_BYTES = 512 * 1024;

/** Why a course's lessons are refused below its required level: the server's 403 and the course page say it alike. */
export function levelLockMessage(level: { level: number; name: string }): string {
  return `This course opens at level ${level.level} (${level.name}). Take part in the community to earn points and reach it.`;
}
