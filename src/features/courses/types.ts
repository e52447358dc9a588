import { z } from "@/lib/validation";
import { id, isoDateTime } from "@/features/api/json";
import { libraryCommentSchema } from "@/features/library/types";
import { UNLOCK_RULES } from "./constants";
import { lessonMediaSchema } from "./lesson-media";

// What the courses' calls answer a member (src/features/api/responses.ts).

/** Why a lesson is not open to her yet, and when it opens (null when it waits for her: her start, the lesson before). */
export const lessonLockSchema = z.strictObject({
  rule: z.enum(
    UNLOCK_RULES.filter((rule) => rule !== "immediately") as ["after_previous", "days_after_start", "on_date"],
  ),
  opensAt: isoDateTime.nullable(),
  /** days_after_start: how many days after her start. */
  days: z.number().int().positive().nullable(),
  /** after_previous: the lesson to complete first. */
  previousTitle: z.string().nullable(),
});
export type LessonLock = z.infer<typeof lessonLockSchema>;

const progressSchema = z.strictObject({
  completed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

const lessonLinkSchema = z.strictObject({ slug: z.string(), title: z.string() });

/**
 * A course in the list: her progress, or `locked` when her tier does not open it (then only what opens
 * it); `levelLocked` when her member level is below the course's (she reads its outline, not its lessons).
 */
export const courseCardSchema = z.strictObject({
  id,
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  /** The tier that opens it; null when every member does. */
  requiredMembershipLevel: z.string().nullable(),
  locked: z.boolean(),
  /** The member level that opens it, with its name; null when none is needed. */
  requiredLevel: z.strictObject({ level: z.number().int(), name: z.string() }).nullable(),
  levelLocked: z.boolean(),
  /** An admin's view of a course still in draft. */
  status: z.string(),
  progress: progressSchema,
  startedAt: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;

export const outlineLessonSchema = z.strictObject({
  id,
  title: z.string(),
  slug: z.string(),
  completed: z.boolean(),
  /** Null when it is open to her. */
  lock: lessonLockSchema.nullable(),
});

/** GET /api/courses/{slug}: the card and, when her tier opens it, the outline with her ticks and where to continue. */
export const courseOutlineSchema = courseCardSchema.extend({
  modules: z.array(z.strictObject({ id, title: z.string(), lessons: z.array(outlineLessonSchema) })),
  /** Her next open lesson not yet complete ("Continue"), null when none is. */
  next: lessonLinkSchema.nullable(),
});
export type CourseOutline = z.infer<typeof courseOutlineSchema>;

/** GET /api/courses/{slug}/lessons/{lesson}: its content only when her tier opens the course and the lesson is open. */
export const courseLessonSchema = z.strictObject({
  id,
  title: z.string(),
  slug: z.string(),
  course: courseCardSchema,
  moduleTitle: z.string(),
  content: z.string().nullable(),
  /** Its video, PDF, library item and downloads: null while it is locked (no file address leaks). */
  media: lessonMediaSchema.nullable(),
  completed: z.boolean(),
  /** It is completed by passing its quiz (GET .../quiz), not by "Mark complete". */
  hasQuiz: z.boolean(),
  lock: lessonLockSchema.nullable(),
  previous: lessonLinkSchema.nullable(),
  next: lessonLinkSchema.nullable(),
});
export type CourseLesson = z.infer<typeof courseLessonSchema>;

/** POST /api/courses/{slug}/lessons/{lesson}/complete and POST /api/courses/{slug}/start. */
export const courseProgressSchema = z.strictObject({
  progress: progressSchema,
  startedAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/** A comment in a lesson's discussion: the library's comment, its target the lesson in the path. */
export const lessonCommentSchema = libraryCommentSchema.omit({ contentId: true });
