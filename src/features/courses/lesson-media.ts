import { z } from "@/lib/validation";
import { id } from "@/features/api/json";
import { isStoredFileUrl, videoSource } from "@/features/library/media";

// What a lesson shows besides its text, and the files it offers (docs/decisions/052-course-lesson-media.md).
// Shared by the admin's lesson form and the handlers (its fields and check), and by the lesson page.

export const LESSON_KINDS = ["text", "video", "pdf", "library_item"] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

export const LESSON_KIND_LABELS: Record<LessonKind, string> = {
  text: "Text",
  video: "Video",
  pdf: "PDF",
  library_item: "Library item",
};

/** An uploaded video counts as watched, and the lesson completes, once she reaches this share of it. */
export const VIDEO_COMPLETION_SHARE = 0.9;

/** How often her place in a video is saved while it plays (and on pause, and when she leaves). */
export const VIDEO_POSITION_SAVE_MS = 10_000;

/** Downloadable files one lesson may offer. */
export const MAX_LESSON_FILES = 10;

export const VIDEO_NOT_WATCHED = "Watch at least 90% of the video to complete this lesson.";

const storedFile = (message: string) => z.string().trim().refine(isStoredFileUrl, message);

/**
 * A lesson's kind and media, part of courseLessonSchema. The rich text stays for every kind (an
 * introduction under the video); `files` are its downloads. Fields of other kinds are cleared on save.
 * Each defaults to a text lesson without files, so that a lesson sent without them is one.
 */
export const lessonMediaFields = {
  kind: z.enum(LESSON_KINDS, "Please choose what the lesson is").default("text"),
  /** An uploaded MP4 (/api/files/{id}) or a YouTube or Vimeo address: the library's one rule (videoSource). */
  videoUrl: z.string().trim().max(500, "The video address is too long").nullable().default(null),
  /** The uploaded video's length, read by the admin's browser from the file when it is uploaded. */
  videoDurationSeconds: z.number().positive("Please upload the video again").max(86_400).nullable().default(null),
  pdfUrl: z.string().trim().max(100).nullable().default(null),
  libraryItemId: z.number().int().positive("Please choose a library item").nullable().default(null),
  files: z
    .array(storedFile("Please upload the file again"))
    .max(MAX_LESSON_FILES, `A lesson may offer at most ${MAX_LESSON_FILES} files`)
    .default([]),
};

type MediaValues = {
  kind: LessonKind;
  videoUrl: string | null;
  videoDurationSeconds: number | null;
  pdfUrl: string | null;
  libraryItemId: number | null;
};

/** What each kind needs, with the message the admin's form shows beside the field. */
export function checkLessonMedia(value: MediaValues, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (value.kind === "video") {
    const source = value.videoUrl ? videoSource(value.videoUrl) : null;
    if (!value.videoUrl) issue("videoUrl", "Please upload a video or paste a YouTube or Vimeo address");
    else if (!source) issue("videoUrl", "Please upload an MP4 or paste a YouTube or Vimeo address");
    else if (source.kind === "file" && value.videoDurationSeconds === null)
      issue("videoUrl", "The video's length could not be read. Please upload it again");
  }
  if (value.kind === "pdf" && !(value.pdfUrl && isStoredFileUrl(value.pdfUrl))) issue("pdfUrl", "Please upload a PDF");
  if (value.kind === "library_item" && value.libraryItemId === null)
    issue("libraryItemId", "Please choose a library item");
}

// --- What the lesson's call answers her (GET /api/courses/{slug}/lessons/{lesson}) -------------------

const fileSchema = z.strictObject({
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
});
export type LessonFile = z.infer<typeof fileSchema>;

/** Only in an open lesson's answer: a locked one carries no media and no file address. */
export const lessonMediaSchema = z.strictObject({
  kind: z.enum(LESSON_KINDS),
  video: z
    .strictObject({
      /** An uploaded MP4 (played here, its progress followed) or a provider's player. */
      kind: z.enum(["file", "youtube", "vimeo"]),
      url: z.string(),
      durationSeconds: z.number().nullable(),
      /** Where she left it, in seconds (0 when she has not watched it). */
      positionSeconds: z.number().nonnegative(),
    })
    .nullable(),
  pdf: fileSchema.nullable(),
  /** The library item, only when her tier opens it; `libraryItemClosed` says one exists she cannot open. */
  libraryItem: z
    .strictObject({ id, title: z.string(), slug: z.string(), summary: z.string(), contentType: z.string() })
    .nullable(),
  libraryItemClosed: z.boolean(),
  files: z.array(fileSchema),
});
export type LessonMedia = z.infer<typeof lessonMediaSchema>;

/** PUT /api/courses/{slug}/lessons/{lesson}/position: her place in the lesson's video. */
export const videoPositionSchema = z.object({
  positionSeconds: z.number("Please send a position").nonnegative().max(86_400),
});

export const videoPositionAnswerSchema = z.strictObject({ positionSeconds: z.number().nonnegative() });

/** POST .../complete: a video lesson sends where she is in it; other lessons send nothing. */
export const completeLessonSchema = z.object({ positionSeconds: z.number().nonnegative().max(86_400).optional() });
