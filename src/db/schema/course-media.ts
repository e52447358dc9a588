import { index, integer, pgTable, primaryKey, real, serial, uuid } from "drizzle-orm/pg-core";
import { courseLessons } from "./courses";
import { storedFiles } from "./files";
import { users } from "./users";
import { updatedAt } from "./helpers";

// A lesson's downloads and her place in its video (docs/decisions/052-course-lesson-media.md).

/** The files a lesson offers to download, in order; each stored file is gated by the lesson. */
export const courseLessonFiles = pgTable(
  "course_lesson_files",
  {
    id: serial().primaryKey(),
    lessonId: integer()
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => storedFiles.id),
    position: integer().notNull(),
  },
  (t) => [index("course_lesson_files_lesson_idx").on(t.lessonId, t.position)],
);

/** Her place in a lesson's uploaded video, saved while she watches and restored when she returns. */
export const lessonVideoPositions = pgTable(
  "lesson_video_positions",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer()
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    positionSeconds: real().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);
