import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import {
  contentCategories,
  contentItems,
  courseLessonFiles,
  courseLessons,
  courses,
  lessonVideoPositions,
  storedFiles,
} from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { AppError, badRequest } from "@/lib/errors";
import { videoSource } from "@/features/library/media";
import { fileIdFromUrl, fileUrl } from "@/features/storage/kinds";
import {
  VIDEO_COMPLETION_SHARE,
  VIDEO_NOT_WATCHED,
  type LessonFile,
  type LessonKind,
  type LessonMedia,
} from "@/features/courses/lesson-media";
import { openToUser, visibleToUser } from "@/server/library";
import { courseLessonsOpenTo, courseVisibleTo } from "./access";

// A lesson's video, PDF, library item and downloads, for her (docs/decisions/052-course-lesson-media.md).

/** The gate kind of a lesson's stored files: whoever may open the lesson reads them (FILE_GATES). */
export const LESSON_FILE_GATE = "course-lesson";

type StoredFileRow = { id: string; name: string; contentType: string; sizeBytes: number };

/**
 * Selected beside the lesson's content, under the same condition (getCourseLesson): its kind, video,
 * PDF, library item and downloads in their order, as one JSON column, so that an open lesson is read
 * with its course's outline in one query.
 */
export const lessonMediaRow = sql<MediaRow>`json_build_object('kind', ${courseLessons.kind},
  'videoUrl', ${courseLessons.videoUrl}, 'videoDurationSeconds', ${courseLessons.videoDurationSeconds},
  'pdfUrl', ${courseLessons.pdfUrl}, 'libraryItemId', ${courseLessons.libraryItemId},
  'files', (select coalesce(json_agg(json_build_object('id', ${storedFiles.id},
      'name', coalesce(${storedFiles.originalName}, 'File'), 'contentType', ${storedFiles.contentType},
      'sizeBytes', ${storedFiles.sizeBytes}) order by ${courseLessonFiles.position}), '[]'::json)
    from ${courseLessonFiles} join ${storedFiles} on ${storedFiles.id} = ${courseLessonFiles.fileId}
    where ${courseLessonFiles.lessonId} = ${courseLessons.id}))`;

export interface MediaRow {
  kind: LessonKind;
  videoUrl: string | null;
  videoDurationSeconds: number | null;
  pdfUrl: string | null;
  libraryItemId: number | null;
  files: StoredFileRow[];
}

const fileColumns = {
  id: storedFiles.id,
  name: sql<string>`coalesce(${storedFiles.originalName}, 'File')`,
  contentType: storedFiles.contentType,
  sizeBytes: storedFiles.sizeBytes,
};

const asLessonFile = ({ id, ...file }: StoredFileRow) => ({ ...file, url: fileUrl(id) }) satisfies LessonFile;

/** An open lesson's media for her: read only after getCourseLesson found the lesson open to her. */
export async function lessonMedia(user: SessionUser, lessonId: number, row: MediaRow): Promise<LessonMedia> {
  const source = row.kind === "video" && row.videoUrl ? videoSource(row.videoUrl) : null;
  const pdfId = row.kind === "pdf" ? fileIdFromUrl(row.pdfUrl) : null;
  const [position, pdf, item] = await Promise.all([
    source?.kind === "file" ? videoPositionOf(user, lessonId) : 0,
    pdfId
      ? db
          .select(fileColumns)
          .from(storedFiles)
          .where(eq(storedFiles.id, pdfId))
          .then(([file]) => (file ? asLessonFile(file) : null))
      : null,
    row.kind === "library_item" && row.libraryItemId !== null ? libraryItemFor(user, row.libraryItemId) : null,
  ]);
  return {
    kind: row.kind,
    video: source
      ? {
          kind: source.kind,
          url: source.kind === "file" ? source.url : source.embedUrl,
          durationSeconds: source.kind === "file" ? row.videoDurationSeconds : null,
          positionSeconds: position,
        }
      : null,
    pdf,
    libraryItem: item?.open ? item.item : null,
    libraryItemClosed: item !== null && !item.open,
    files: row.files.map(asLessonFile),
  };
}

/**
 * The lesson's library item, its title and address only when her tier opens it (the library's own
 * condition, in the WHERE clause); otherwise only that one exists she cannot open.
 */
async function libraryItemFor(user: SessionUser, itemId: number) {
  const [row] = await db
    .select({
      id: contentItems.id,
      title: contentItems.title,
      slug: contentItems.slug,
      summary: contentItems.summary,
      contentType: contentItems.contentType,
    })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(and(eq(contentItems.id, itemId), visibleToUser(user), openToUser(user)));
  return row ? { open: true, item: row } : { open: false, item: null };
}

async function videoPositionOf(user: SessionUser, lessonId: number): Promise<number> {
  const [row] = await db
    .select({ seconds: lessonVideoPositions.positionSeconds })
    .from(lessonVideoPositions)
    .where(and(eq(lessonVideoPositions.userId, user.id), eq(lessonVideoPositions.lessonId, lessonId)));
  return row?.seconds ?? 0;
}

/** The lesson's uploaded video and its length, where her tier and level open its course; null for any other lesson. */
async function trackedVideo(executor: Executor, user: SessionUser, lessonId: number) {
  const [row] = await executor
    .select({
      kind: courseLessons.kind,
      videoUrl: courseLessons.videoUrl,
      duration: courseLessons.videoDurationSeconds,
    })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(and(eq(courseLessons.id, lessonId), courseLessonsOpenTo(user)));
  if (!row || row.kind !== "video" || !row.videoUrl || videoSource(row.videoUrl)?.kind !== "file") return null;
  return { duration: row.duration };
}

async function keepPosition(executor: Executor, userId: number, lessonId: number, seconds: number) {
  await executor
    .insert(lessonVideoPositions)
    .values({ userId, lessonId, positionSeconds: seconds })
    .onConflictDoUpdate({
      target: [lessonVideoPositions.userId, lessonVideoPositions.lessonId],
      set: { positionSeconds: seconds, updatedAt: new Date() },
    });
}

/**
 * Her place in an open lesson's uploaded video (PUT .../position), kept within the video's length.
 * The caller (saveVideoPosition in member.ts) has checked the lesson is open to her.
 */
export async function keepVideoPosition(user: SessionUser, lessonId: number, seconds: number) {
  const video = await trackedVideo(db, user, lessonId);
  if (!video) throw badRequest("This lesson has no video to follow.");
  const positionSeconds = video.duration === null ? seconds : Math.min(seconds, video.duration);
  await keepPosition(db, user.id, lessonId, positionSeconds);
  return { positionSeconds };
}

/**
 * Inside completeLesson's transaction: a lesson whose video is uploaded completes only once she has
 * reached 90% of it. The position is the one her browser reports (a member could send a false one, as
 * she could press "Mark complete" on a text she did not read): the check keeps an honest player's
 * early "complete" out, not a determined one (docs/decisions/052-course-lesson-media.md).
 */
export async function assertVideoWatched(
  tx: Executor,
  user: SessionUser,
  lessonId: number,
  positionSeconds: number | undefined,
) {
  const video = await trackedVideo(tx, user, lessonId);
  if (!video || video.duration === null) return;
  if (positionSeconds === undefined || positionSeconds < VIDEO_COMPLETION_SHARE * video.duration)
    throw new AppError(422, VIDEO_NOT_WATCHED);
  await keepPosition(tx, user.id, lessonId, Math.min(positionSeconds, video.duration));
}

/** The lesson and course slugs of a lesson her tier and level open, for the file gate; null otherwise. */
export async function lessonAddressFor(user: SessionUser, lessonId: number) {
  const [row] = await db
    .select({ courseSlug: courses.slug, lessonSlug: courseLessons.slug })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(and(eq(courseLessons.id, lessonId), courseLessonsOpenTo(user), courseVisibleTo(user)))
    .limit(1);
  return row ?? null;
}
