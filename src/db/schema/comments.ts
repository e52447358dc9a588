import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { courseLessons } from "./courses";
import { createdAt } from "./helpers";
import { contentItems } from "./library";
import { users } from "./users";

// In a file of its own: it refers to both the library and courses, and courses refer to the library.

/**
 * The one comment system: a library item's comments and a course lesson's discussion
 * (docs/decisions/054-course-discussion-and-admin.md). Each comment has exactly one target.
 */
export const contentComments = pgTable(
  "content_comments",
  {
    id: serial().primaryKey(),
    contentId: integer().references(() => contentItems.id, { onDelete: "cascade" }),
    lessonId: integer().references(() => courseLessons.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    comment: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("content_comments_content_idx").on(t.contentId, t.createdAt),
    index("content_comments_lesson_idx").on(t.lessonId, t.createdAt),
    index("content_comments_created_idx").on(t.createdAt),
    check("content_comments_target_check", sql`num_nonnulls(${t.contentId}, ${t.lessonId}) = 1`),
  ],
);
