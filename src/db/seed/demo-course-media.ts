import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Transaction } from "../client";
import * as t from "../schema";
import { demoPdf } from "./demo-pdf";

// The demo lessons' video, PDF and downloads (docs/decisions/052-course-lesson-media.md), stored as
// the storage module stores uploads and gated by their lesson; their bytes are written at start-up
// (restoreDemoLibraryFiles), as the library's demo files are.

/** An 8-second 320x180 H.264 test pattern, made once with ffmpeg and kept in the repository (63 KB). */
const VIDEO_PATH = path.join(process.cwd(), "src/db/seed/files/lesson-video.mp4");
export const DEMO_LESSON_VIDEO_SECONDS = 8;

export const DEMO_COURSE_FILES = [
  {
    key: "demo/creative-warm-up.mp4",
    purpose: "lesson-video",
    originalName: "Creative warm-up.mp4",
    contentType: "video/mp4",
    bytes: () => readFileSync(VIDEO_PATH),
  },
  {
    key: "demo/energy-map-worksheet.pdf",
    purpose: "lesson-pdf",
    originalName: "Energy Map Worksheet.pdf",
    contentType: "application/pdf",
    bytes: () =>
      demoPdf("Energy Map Worksheet", [
        "Morning, midday, evening: note your energy from 1 to 5.",
        "Circle every 4 and 5.",
        "After a week, the circles that come back are your creative windows.",
      ]),
  },
  {
    key: "demo/session-log.pdf",
    purpose: "lesson-file",
    originalName: "Session Log.pdf",
    contentType: "application/pdf",
    bytes: () =>
      demoPdf("Session Log", ["Date, window, minutes, what you made, how it felt.", "One line a session is enough."]),
  },
] as const;

export type DemoCourseFileKey = (typeof DEMO_COURSE_FILES)[number]["key"];

export type DemoLessonMedia =
  | { kind: "video"; file: DemoCourseFileKey; durationSeconds: number }
  | { kind: "pdf"; file: DemoCourseFileKey }
  | { kind: "library_item"; itemSlug: string };

async function storeDemoFile(tx: Transaction, key: DemoCourseFileKey, lessonId: number): Promise<string> {
  const file = DEMO_COURSE_FILES.find((f) => f.key === key)!;
  const [row] = await tx
    .insert(t.storedFiles)
    .values({
      key: file.key,
      purpose: file.purpose,
      contentType: file.contentType,
      sizeBytes: file.bytes().length,
      originalName: file.originalName,
      access: "gated",
      gateKind: "course-lesson",
      gateId: lessonId,
    })
    .returning({ id: t.storedFiles.id });
  return row!.id;
}

/** A demo lesson's kind, media and downloads (the library is seeded before the courses). */
export async function seedDemoLessonMedia(
  tx: Transaction,
  lessonId: number,
  lesson: { media?: DemoLessonMedia; downloads?: DemoCourseFileKey[] },
): Promise<void> {
  const media = lesson.media;
  if (media?.kind === "video") {
    const id = await storeDemoFile(tx, media.file, lessonId);
    await tx
      .update(t.courseLessons)
      .set({ kind: "video", videoUrl: `/api/files/${id}`, videoDurationSeconds: media.durationSeconds })
      .where(eq(t.courseLessons.id, lessonId));
  } else if (media?.kind === "pdf") {
    const id = await storeDemoFile(tx, media.file, lessonId);
    await tx
      .update(t.courseLessons)
      .set({ kind: "pdf", pdfUrl: `/api/files/${id}` })
      .where(eq(t.courseLessons.id, lessonId));
  } else if (media?.kind === "library_item") {
    const [item] = await tx
      .select({ id: t.contentItems.id })
      .from(t.contentItems)
      .where(eq(t.contentItems.slug, media.itemSlug));
    await tx
      .update(t.courseLessons)
      .set({ kind: "library_item", libraryItemId: item!.id })
      .where(eq(t.courseLessons.id, lessonId));
  }
  for (const [position, key] of (lesson.downloads ?? []).entries()) {
    const fileId = await storeDemoFile(tx, key, lessonId);
    await tx.insert(t.courseLessonFiles).values({ lessonId, fileId, position });
  }
}
