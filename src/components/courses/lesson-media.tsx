"use client";

import * as React from "react";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BookOpen, CheckCircle2, Download, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PdfDocument, StoredVideo, VideoEmbed } from "@/components/library/item-content";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import type { Jsonified } from "@/lib/json";
import type { CourseLesson, CourseProgress } from "@/features/courses/types";
import {
  VIDEO_COMPLETION_SHARE,
  VIDEO_POSITION_SAVE_MS,
  type LessonFile,
  type LessonMedia as Media,
} from "@/features/courses/lesson-media";
import { COURSES_KEY } from "./course-list";

// A lesson's video, PDF or library item, and its downloads (docs/decisions/052-course-lesson-media.md).

type Lesson = Jsonified<CourseLesson>;
type Video = NonNullable<Media["video"]>;

const lessonPath = (lesson: Lesson) =>
  `/api/courses/${encodeURIComponent(lesson.course.slug)}/lessons/${encodeURIComponent(lesson.slug)}`;

/** An uploaded video of known length completes the lesson by itself at 90%: no "Mark complete". */
export function completesByWatching(lesson: Lesson): boolean {
  return lesson.media?.video?.kind === "file" && lesson.media.video.durationSeconds !== null;
}

/** What the lesson shows above its text, by its kind. */
export function LessonMedia({ lesson }: { lesson: Lesson }) {
  const media = lesson.media;
  if (!media || media.kind === "text") return null;
  if (media.kind === "video") {
    if (!media.video) return <p className="text-muted-foreground">This video is not available.</p>;
    if (media.video.kind === "file") return <TrackedVideo lesson={lesson} video={media.video} />;
    return <VideoEmbed src={media.video.url} title={lesson.title} />;
  }
  if (media.kind === "pdf")
    return media.pdf ? (
      <PdfDocument src={media.pdf.url} title={lesson.title} />
    ) : (
      <p className="text-muted-foreground">This PDF is not available.</p>
    );
  return <LibraryItemLink media={media} />;
}

function LibraryItemLink({ media }: { media: Media }) {
  const item = media.libraryItem;
  if (!item)
    return (
      <p data-testid="lesson-library-item" className="flex items-center gap-2 rounded-xl border bg-card p-6">
        <Lock aria-hidden className="size-5 text-primary" />
        {media.libraryItemClosed
          ? "This lesson's library item is not included in your membership."
          : "This lesson's library item is no longer available."}
      </p>
    );
  return (
    <section
      data-testid="lesson-library-item"
      aria-labelledby="lesson-library-item-title"
      className="grid gap-3 rounded-xl border bg-card p-6"
    >
      <p className="text-sm font-medium text-muted-foreground">From the library</p>
      <h2 id="lesson-library-item-title" className="text-xl font-semibold">
        {item.title}
      </h2>
      {item.summary ? <p className="text-muted-foreground">{item.summary}</p> : null}
      <p>
        <Button asChild>
          <Link href={`/library/item/${item.slug}`} aria-label={`Open in the library: ${item.title}`}>
            <BookOpen aria-hidden /> Open in the library
          </Link>
        </Button>
      </p>
    </section>
  );
}

/**
 * Her uploaded video: it starts where she left it, her place is saved every few seconds while it plays,
 * on pause and when she leaves, and at 90% the lesson completes through the one completion call.
 */
function TrackedVideo({ lesson, video }: { lesson: Lesson; video: Video }) {
  const queryClient = useQueryClient();
  const element = React.useRef<HTMLVideoElement>(null);
  const savedAt = React.useRef(0);
  // Nothing is saved before she plays or moves it: a page left at once keeps her place as it was.
  const touched = React.useRef(false);
  // One call per visit: a refusal is said once, not at every tick of the video.
  const completing = React.useRef(false);
  const path = lessonPath(lesson);
  const complete = useMutation({
    mutationFn: (positionSeconds: number) =>
      apiRequest<Jsonified<CourseProgress>>("POST", `${path}/complete`, { positionSeconds }),
    onSuccess: async (progress) => {
      await queryClient.invalidateQueries({ queryKey: [COURSES_KEY] });
      toast({
        title: progress.completedAt ? "Course complete" : "Lesson complete",
        description: `${progress.progress.completed} of ${progress.progress.total} lessons complete.`,
      });
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not mark the lesson complete.")),
  });
  const save = React.useCallback(
    (keepalive = false) => {
      const seconds = element.current?.currentTime;
      if (!touched.current || seconds === undefined || !Number.isFinite(seconds)) return;
      savedAt.current = Date.now();
      // keepalive: the request outlives the page when she leaves it.
      void fetch(`${path}/position`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ positionSeconds: seconds }),
        keepalive,
      }).catch(() => undefined);
    },
    [path],
  );
  React.useEffect(() => {
    const leave = () => save(true);
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [save]);
  const duration = video.durationSeconds ?? 0;
  return (
    <StoredVideo
      ref={element}
      src={video.url}
      onLoadedMetadata={(event) => {
        // Back where she was, unless she had reached the end: then from the start.
        const at = video.positionSeconds;
        if (at > 0 && at < event.currentTarget.duration - 1) event.currentTarget.currentTime = at;
      }}
      onPlay={() => (touched.current = true)}
      onSeeked={() => (touched.current = true)}
      onPause={() => save()}
      onTimeUpdate={(event) => {
        const at = event.currentTarget.currentTime;
        if (!event.currentTarget.paused && Date.now() - savedAt.current >= VIDEO_POSITION_SAVE_MS) save();
        if (!lesson.completed && !completing.current && at >= VIDEO_COMPLETION_SHARE * duration) {
          completing.current = true;
          complete.mutate(at);
        }
      }}
    />
  );
}

/** In place of "Mark complete" under a video that completes itself. */
export function WatchToComplete({ lesson }: { lesson: Lesson }) {
  return (
    <p data-testid="lesson-watch-status" className="flex items-center gap-2 text-muted-foreground">
      <CheckCircle2 aria-hidden className={lesson.completed ? "size-5 text-primary" : "size-5"} />
      {lesson.completed ? "Completed" : "This lesson is complete once you have watched 90% of the video."}
    </p>
  );
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The lesson's files to download. */
export function LessonDownloads({ files }: { files: LessonFile[] }) {
  if (!files.length) return null;
  return (
    <section aria-labelledby="lesson-downloads" className="grid gap-3">
      <h2 id="lesson-downloads" className="text-xl font-semibold">
        Downloads
      </h2>
      <ul className="grid gap-2" data-testid="lesson-downloads">
        {files.map((file) => (
          <li key={file.url}>
            <a
              href={`${file.url}?download=1`}
              download
              className="inline-flex items-center gap-2 text-primary underline underline-offset-4"
            >
              <Download aria-hidden className="size-4" /> {file.name}
              <span className="text-sm text-muted-foreground">({sizeText(file.sizeBytes)})</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
