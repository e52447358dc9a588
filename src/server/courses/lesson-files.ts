import "server-only";
import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { contentItems, courseLessonFiles, courseLessons, storedFiles } from "@/db/schema";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { badRequest } from "@/lib/errors";
import type { FilePurpose } from "@/features/storage/constants";
import { fileIdFromUrl, fileUrl } from "@/features/storage/kinds";
import { isStoredFileUrl } from "@/features/library/media";
import type { LessonKind } from "@/features/courses/lesson-media";
import { assertUsableUploads, attachFile } from "@/server/storage";
import { LESSON_FILE_GATE } from "./media";

// The admin's side of a lesson's media (docs/decisions/052-course-lesson-media.md): its columns, the
// stored files it holds (gated by the lesson once saved) and the library items it may link to.

interface MediaInput {
  kind: LessonKind;
  videoUrl: string | null;
  videoDurationSeconds: number | null;
  pdfUrl: string | null;
  libraryItemId: number | null;
  files: string[];
}

/** The stored columns of a lesson's media: the fields of other kinds are cleared. */
export function lessonMediaValues(input: MediaInput) {
  const video = input.kind === "video" ? input.videoUrl : null;
  return {
    kind: input.kind,
    videoUrl: video,
    videoDurationSeconds: video && isStoredFileUrl(video) ? input.videoDurationSeconds : null,
    pdfUrl: input.kind === "pdf" ? input.pdfUrl : null,
    libraryItemId: input.kind === "library_item" ? input.libraryItemId : null,
  };
}

interface FileRef {
  id: string;
  purpose: FilePurpose;
  field: string;
}

function refsOf(media: ReturnType<typeof lessonMediaValues>, files: string[]): FileRef[] {
  const refs = new Map<string, FileRef>();
  const add = (url: string | null, purpose: FilePurpose, field: string) => {
    const id = fileIdFromUrl(url);
    if (id && !refs.has(id)) refs.set(id, { id, purpose, field });
  };
  add(media.videoUrl, "lesson-video", "videoUrl");
  add(media.pdfUrl, "lesson-pdf", "pdfUrl");
  for (const url of files) add(url, "lesson-file", "files");
  return [...refs.values()];
}

/** The stored files of the lessons matching `where`: their videos, PDFs and downloads. */
export async function lessonStoredFileIds(executor: Executor, where: SQL): Promise<string[]> {
  const lessons = await executor
    .select({ id: courseLessons.id, videoUrl: courseLessons.videoUrl, pdfUrl: courseLessons.pdfUrl })
    .from(courseLessons)
    .where(where);
  if (!lessons.length) return [];
  const downloads = await executor
    .select({ fileId: courseLessonFiles.fileId })
    .from(courseLessonFiles)
    .where(
      inArray(
        courseLessonFiles.lessonId,
        lessons.map((lesson) => lesson.id),
      ),
    );
  const media = lessons.flatMap((lesson) => [fileIdFromUrl(lesson.videoUrl), fileIdFromUrl(lesson.pdfUrl)]);
  return [...media.filter((id): id is string => id !== null), ...downloads.map((row) => row.fileId)];
}

/**
 * Inside the lesson's save: each file joins the lesson when it already belonged to it, or when this
 * administrator uploaded it for this use and nothing has claimed it yet (as the library's files).
 * Attached files are gated by the lesson; answers the ids it no longer holds, to delete after commit.
 */
export async function saveLessonFiles(
  tx: Executor,
  viewer: SessionUser,
  lessonId: number,
  input: MediaInput,
  previous: string[],
): Promise<string[]> {
  const media = lessonMediaValues(input);
  const refs = refsOf(media, input.files);
  const fresh = refs.filter((ref) => !previous.includes(ref.id));
  await assertUsableUploads(tx, fresh, viewer.id);
  if (media.libraryItemId !== null) {
    const [item] = await tx
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(eq(contentItems.id, media.libraryItemId));
    if (!item) throw badRequest("Please choose a library item.", { libraryItemId: "Please choose a library item" });
  }
  for (const ref of refs) await attachFile(ref.id, "gated", { kind: LESSON_FILE_GATE, id: lessonId }, tx);
  await tx.delete(courseLessonFiles).where(eq(courseLessonFiles.lessonId, lessonId));
  const downloads = refs.filter((ref) => ref.purpose === "lesson-file");
  if (downloads.length)
    await tx
      .insert(courseLessonFiles)
      .values(downloads.map((ref, position) => ({ lessonId, fileId: ref.id, position })));
  return previous.filter((id) => !refs.some((ref) => ref.id === id));
}

/** The lesson's downloads for its editor: address and name, in order. */
export async function lessonDownloadsForEditor(lessonId: number) {
  const rows = await db
    .select({ id: storedFiles.id, name: storedFiles.originalName })
    .from(courseLessonFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, courseLessonFiles.fileId))
    .where(eq(courseLessonFiles.lessonId, lessonId))
    .orderBy(asc(courseLessonFiles.position));
  return rows.map((row) => ({ url: fileUrl(row.id), name: row.name ?? "File" }));
}

/** The library items a lesson may link to, for the admin's picker, with the tier each needs. */
export async function listLibraryItemChoices(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  return db
    .select({
      id: contentItems.id,
      title: contentItems.title,
      status: contentItems.status,
      requiredMembershipLevel: contentItems.requiredMembershipLevel,
    })
    .from(contentItems)
    .orderBy(asc(contentItems.title));
}
