import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LessonForm } from "@/components/courses/admin/lesson-form";
import { QuizEditor } from "@/components/courses/admin/quiz-editor";
import { QuizRetries } from "@/components/courses/admin/quiz-retries";
import { ADMIN } from "@/lib/auth/access";
import { pageId } from "@/lib/page-input";
import { requirePageAccess } from "@/server/auth/current-user";
import { getAdminLesson } from "@/server/courses/editor";
import { listLibraryItemChoices } from "@/server/courses/lesson-files";
import { getAdminQuiz } from "@/server/courses/quiz-editor";
import { membersOutOfAttempts } from "@/server/courses/quiz-retries";
import type { UnlockRule } from "@/features/courses/constants";
import type { LessonKind } from "@/features/courses/lesson-media";

export const metadata: Metadata = { title: "Edit lesson", robots: { index: false } };

export default async function AdminLessonPage({ params }: PageProps<"/admin/courses/[id]/lessons/[lessonId]">) {
  const viewer = await requirePageAccess(ADMIN);
  const { id, lessonId } = await params;
  const lesson = await getAdminLesson(viewer, pageId(lessonId));
  if (!lesson || lesson.courseId !== pageId(id)) notFound();
  const libraryItems = await listLibraryItemChoices(viewer);
  const quiz = await getAdminQuiz(viewer, lesson.id);
  // Only a quiz with a number of attempts can run out of them.
  const outOfAttempts = quiz?.maxAttempts ? await membersOutOfAttempts(viewer, lesson.id) : null;
  return (
    <div className="grid gap-8">
      <p>
        <Link href={`/admin/courses/${lesson.courseId}`} className="text-primary underline underline-offset-4">
          Back to the course
        </Link>
      </p>
      <h1 className="text-3xl font-semibold">{lesson.title}</h1>
      <LessonForm
        lesson={{
          id: lesson.id,
          title: lesson.title,
          slug: lesson.slug,
          content: lesson.content,
          unlockRule: lesson.unlockRule as UnlockRule | null,
          unlockDays: lesson.unlockDays,
          unlockDate: lesson.unlockDate?.toISOString() ?? null,
          kind: lesson.kind as LessonKind,
          videoUrl: lesson.videoUrl,
          videoDurationSeconds: lesson.videoDurationSeconds,
          pdfUrl: lesson.pdfUrl,
          libraryItemId: lesson.libraryItemId,
          files: lesson.files.map((file) => file.url),
        }}
        libraryItems={libraryItems}
        fileNames={Object.fromEntries(lesson.files.map((file) => [file.url, file.name]))}
      />
      <QuizEditor lessonId={lesson.id} quiz={quiz} />
      {outOfAttempts ? <QuizRetries lessonId={lesson.id} members={outOfAttempts} /> : null}
    </div>
  );
}
