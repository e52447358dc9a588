import { isTimestamp, z } from "@/lib/validation";
import { ACCESS_CHOICES, slugField } from "@/features/library/schemas";
import { LEVEL_COUNT } from "@/features/levels/constants";
import { TIER_IDS } from "@/features/membership/constants";
import { COURSE_STATUSES, MAX_UNLOCK_DAYS, UNLOCK_RULES } from "./constants";
import { checkLessonMedia, lessonMediaFields } from "./lesson-media";

// One schema per input, used by the admin's forms and by the handlers.

const title = z
  .string()
  .trim()
  .min(3, "Title must be at least 3 characters")
  .max(200, "Title must be no more than 200 characters");

/**
 * A course (POST /api/admin/courses, PUT /api/admin/courses/{id}). Who opens it is a tier, as in the
 * library, and a member level (points and levels), null for none.
 */
export const courseSchema = z.object({
  title,
  slug: slugField,
  summary: z
    .string()
    .trim()
    .min(10, "Summary must be at least 10 characters")
    .max(500, "Summary must be no more than 500 characters"),
  access: z.enum(ACCESS_CHOICES),
  requiredLevel: z
    .number("Please choose a level")
    .int("Please choose a level")
    .min(1, "Please choose a level")
    .max(LEVEL_COUNT, "Please choose a level")
    .nullable(),
  status: z.enum(COURSE_STATUSES),
});
export type CourseInput = z.input<typeof courseSchema>;

/**
 * When a module's or a lesson's lessons open. `days` is read for days_after_start, `date` (an ISO
 * instant: the form converts her local day) for on_date; the other rules need neither.
 */
const unlockFields = {
  unlockRule: z.enum(UNLOCK_RULES, "Please choose when it opens"),
  unlockDays: z
    .number("Please enter a number of days")
    .int("Please enter a whole number of days")
    .min(1, "Please enter at least 1 day")
    .max(MAX_UNLOCK_DAYS, `Please enter at most ${MAX_UNLOCK_DAYS} days`)
    .nullable(),
  unlockDate: z.string().trim().max(40).nullable(),
};

function checkUnlock(
  value: { unlockRule: string | null; unlockDays: number | null; unlockDate: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.unlockRule === "days_after_start" && value.unlockDays === null)
    ctx.addIssue({ code: "custom", path: ["unlockDays"], message: "Please enter a number of days" });
  if (value.unlockRule === "on_date" && (!value.unlockDate || !isTimestamp(value.unlockDate)))
    ctx.addIssue({ code: "custom", path: ["unlockDate"], message: "Please choose the date it opens" });
}

/** A module (POST /api/admin/courses/{id}/modules, PUT /api/admin/course-modules/{id}). */
export const courseModuleSchema = z.object({ title, ...unlockFields }).superRefine(checkUnlock);
export type CourseModuleInput = z.input<typeof courseModuleSchema>;

/**
 * A lesson (POST /api/admin/course-modules/{id}/lessons, PUT /api/admin/course-lessons/{id}): rich
 * text from the library's editor, sanitized as the library's articles, and its kind and media
 * (lesson-media.ts). A null rule follows its module.
 */
export const courseLessonSchema = z
  .object({
    title,
    slug: slugField,
    content: z.string().max(400_000, "The lesson is too long"),
    ...unlockFields,
    unlockRule: unlockFields.unlockRule.nullable(),
    ...lessonMediaFields,
  })
  .superRefine((value, ctx) => {
    checkUnlock(value, ctx);
    checkLessonMedia(value, ctx);
  });
export type CourseLessonInput = z.input<typeof courseLessonSchema>;

/** Moving a module or a lesson one place (the admin's Up and Down buttons). */
export const moveSchema = z.object({ direction: z.enum(["up", "down"]) });

export const courseSlugParams = z.object({ slug: z.string().trim().min(1).max(100) });
export const lessonParams = courseSlugParams.extend({ lesson: z.string().trim().min(1).max(100) });

/** The admin's "Preview as a tier": the tier to see the course as, and the lesson opened (none: the outline). */
export const coursePreviewQuerySchema = z.object({
  tier: z.enum(TIER_IDS).default(TIER_IDS[0]),
  lesson: z.string().trim().min(1).max(100).optional(),
});

/** Drag to reorder: a course's modules, or a module's lessons, in their new order (every id once). */
export const reorderSchema = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, "Each id once."),
});
