import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, oneOf, updatedAt } from "./helpers";
import { COURSE_STATUSES, UNLOCK_RULES } from "@/features/courses/constants";
import { TIER_IDS } from "@/features/membership/constants";
import { LESSON_KINDS } from "@/features/courses/lesson-media";
import { contentItems } from "./library";
import { membershipTiers } from "./tiers";
import { users } from "./users";

// Courses (src/server/courses, docs/decisions/048-courses.md): a course has modules, a module has
// lessons, each in its place (`position`); what she has done is kept per member.

export const courses = pgTable(
  "courses",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    slug: text().notNull(),
    summary: text().notNull().default(""),
    /** The tier that opens it and the tiers above (the library's rule); null for every member. */
    requiredMembershipLevel: text().references(() => membershipTiers.id),
    /**
     * The member level (points and levels) that opens it, besides the tier; null for none. Kept for
     * the levels feature to enforce: nothing reads it yet (docs/decisions/048-courses.md).
     */
    requiredLevel: integer(),
    status: text().notNull().default("draft"),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("courses_slug_key").on(t.slug),
    oneOf("courses_status_check", t.status, COURSE_STATUSES),
    oneOf("courses_level_check", t.requiredMembershipLevel, TIER_IDS),
    check("courses_required_level_check", sql`${t.requiredLevel} between 1 and 9`),
  ],
);

const unlockColumns = () => ({
  /** Days after she started the course, for days_after_start. */
  unlockDays: integer(),
  /** The instant it opens, for on_date. */
  unlockDate: timestamp({ withTimezone: true }),
});

export const courseModules = pgTable(
  "course_modules",
  {
    id: serial().primaryKey(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text().notNull(),
    position: integer().notNull(),
    unlockRule: text().notNull().default("immediately"),
    ...unlockColumns(),
  },
  (t) => [
    index("course_modules_course_idx").on(t.courseId, t.position),
    oneOf("course_modules_unlock_check", t.unlockRule, UNLOCK_RULES),
  ],
);

export const courseLessons = pgTable(
  "course_lessons",
  {
    id: serial().primaryKey(),
    /** Its module's course, kept here so that a lesson is found by its course's slug and its own. */
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: integer()
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    title: text().notNull(),
    slug: text().notNull(),
    /** Lesson HTML from the library's editor, sanitized when saved and again when read. */
    content: text().notNull().default(""),
    /** What it shows besides its text (docs/decisions/052-course-lesson-media.md): LESSON_KINDS. */
    kind: text().notNull().default("text"),
    /** An uploaded MP4 (/api/files/{id}, gated by the lesson) or a YouTube or Vimeo address. */
    videoUrl: text(),
    /** The uploaded video's length: her 90% is checked against it. */
    videoDurationSeconds: real(),
    /** An uploaded PDF (/api/files/{id}, gated by the lesson). */
    pdfUrl: text(),
    /** Null when the item was deleted: the lesson then says so. */
    libraryItemId: integer().references(() => contentItems.id, { onDelete: "set null" }),
    position: integer().notNull(),
    /** Null: its module's rule. */
    unlockRule: text(),
    ...unlockColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("course_lessons_slug_key").on(t.courseId, t.slug),
    index("course_lessons_module_idx").on(t.moduleId, t.position),
    // Deleting a library item sets its lessons' reference to null: found by this, not by reading every lesson.
    index("course_lessons_library_item_idx").on(t.libraryItemId),
    oneOf("course_lessons_unlock_check", t.unlockRule, UNLOCK_RULES),
    oneOf("course_lessons_kind_check", t.kind, LESSON_KINDS),
  ],
);

/** She started the course (startedAt: the start of days_after_start) and, once every lesson is done, finished it. */
export const courseEnrolments = pgTable(
  "course_enrolments",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index("course_enrolments_course_idx").on(t.courseId)],
);

export const lessonCompletions = pgTable(
  "lesson_completions",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer()
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    // Her progress in a course, and in every course of the list, from one index.
    index("lesson_completions_user_course_idx").on(t.userId, t.courseId),
  ],
);
