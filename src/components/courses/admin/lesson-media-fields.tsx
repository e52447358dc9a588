"use client";

import * as React from "react";
import { useController, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FileUploadField } from "@/components/library/admin/file-upload-field";
import { toastError } from "@/hooks/use-toast";
import { errorMessage, uploadFile } from "@/lib/api-client";
import { acceptAttribute } from "@/features/storage/kinds";
import { isStoredFileUrl } from "@/features/library/media";
import { LESSON_KIND_LABELS, LESSON_KINDS, MAX_LESSON_FILES, type LessonKind } from "@/features/courses/lesson-media";

// The lesson form's kind, media and downloads (docs/decisions/052-course-lesson-media.md).

interface MediaValues {
  kind: LessonKind;
  videoUrl: string | null;
  videoDurationSeconds: number | null;
  pdfUrl: string | null;
  libraryItemId: number | null;
  files: string[];
}

export interface LibraryItemChoice {
  id: number;
  title: string;
  status: string;
  requiredMembershipLevel: string | null;
}

/** What the lesson is (text, a video, a PDF or a library item), its media and its downloads. */
export function LessonMediaFields<T extends Partial<MediaValues>>({
  form,
  libraryItems,
  fileNames,
}: {
  form: UseFormReturn<T>;
  libraryItems: LibraryItemChoice[];
  /** The names of the downloads it already offers, by address. */
  fileNames: Record<string, string>;
}) {
  const f = form as unknown as UseFormReturn<MediaValues>;
  const errors = f.formState.errors as FieldErrors<MediaValues>;
  const kind = f.watch("kind") ?? "text";
  const videoUrl = f.watch("videoUrl") ?? "";
  const storedVideo = isStoredFileUrl(videoUrl) ? videoUrl : "";
  // Registered with the form through their controllers, so that a refused save moves her focus to the
  // field it names (the upload's file input, or the address), as a registered input's does.
  const { ref: videoRef } = useController({ control: f.control, name: "videoUrl" }).field;
  const { ref: pdfRef } = useController({ control: f.control, name: "pdfUrl" }).field;
  const set = <K extends keyof MediaValues>(name: K, value: MediaValues[K]) =>
    f.setValue(name, value as never, { shouldDirty: true, shouldValidate: f.formState.isSubmitted });
  return (
    <fieldset className="grid gap-4 rounded-xl border p-4">
      <legend className="px-1 font-medium">What the lesson shows</legend>
      <FormField label="Kind" id="lesson-kind" error={errors.kind?.message}>
        <NativeSelect {...f.register("kind")}>
          {LESSON_KINDS.map((value) => (
            <option key={value} value={value}>
              {LESSON_KIND_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {kind === "video" ? (
        <>
          <FileUploadField
            id="lesson-video"
            label="Video file"
            purpose="lesson-video"
            value={storedVideo}
            onChange={(url) => {
              set("videoUrl", url || null);
              set("videoDurationSeconds", null);
            }}
            hint="An MP4 of up to 500 MB. Members complete the lesson by watching 90% of it."
            error={storedVideo ? errors.videoUrl?.message : undefined}
            inputRef={storedVideo ? videoRef : undefined}
          />
          {storedVideo ? (
            // Its length is read here from the uploaded file: the server checks her 90% against it.
            <video
              controls
              preload="metadata"
              src={storedVideo}
              aria-label="The uploaded video"
              className="aspect-video w-full max-w-md rounded-xl bg-black"
              onLoadedMetadata={(event) => {
                const seconds = event.currentTarget.duration;
                if (Number.isFinite(seconds) && seconds > 0) set("videoDurationSeconds", seconds);
              }}
            />
          ) : (
            <FormField
              label="Or a YouTube or Vimeo address"
              id="lesson-video-address"
              error={errors.videoUrl?.message}
              hint="Members mark an embedded video complete themselves."
            >
              <Input
                ref={videoRef}
                type="url"
                value={videoUrl}
                onChange={(event) => set("videoUrl", event.target.value || null)}
                placeholder="https://www.youtube.com/watch?v=..."
              />
            </FormField>
          )}
        </>
      ) : null}
      {kind === "pdf" ? (
        <FileUploadField
          id="lesson-pdf"
          label="PDF"
          purpose="lesson-pdf"
          value={f.watch("pdfUrl") ?? ""}
          onChange={(url) => set("pdfUrl", url || null)}
          hint="Shown in the lesson, with a download. Up to 25 MB."
          error={errors.pdfUrl?.message}
          inputRef={pdfRef}
        />
      ) : null}
      {kind === "library_item" ? (
        <FormField
          label="Library item"
          id="lesson-library-item"
          error={errors.libraryItemId?.message}
          hint="Members whose tier does not open the item see that it is not in their membership."
        >
          <NativeSelect
            {...f.register("libraryItemId", { setValueAs: (value: string) => (value === "" ? null : Number(value)) })}
          >
            <option value="">Choose an item</option>
            {libraryItems.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
                {item.requiredMembershipLevel ? ` (${item.requiredMembershipLevel} and above)` : ""}
                {item.status === "published" ? "" : ` (${item.status})`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      <LessonDownloadFields
        form={f}
        fileNames={fileNames}
        error={errors.files?.message ?? errors.files?.[0]?.message}
      />
    </fieldset>
  );
}

/** The lesson's downloads: each uploaded as soon as it is chosen, removable, at most ten. */
function LessonDownloadFields({
  form,
  fileNames,
  error,
}: {
  form: UseFormReturn<MediaValues>;
  fileNames: Record<string, string>;
  error?: string;
}) {
  const files = form.watch("files") ?? [];
  const [names, setNames] = React.useState(fileNames);
  const [uploading, setUploading] = React.useState(false);
  const input = React.useRef<HTMLInputElement>(null);
  const setFiles = (next: string[]) => form.setValue("files", next, { shouldDirty: true });

  async function upload(file: File) {
    setUploading(true);
    try {
      const stored = await uploadFile("lesson-file", file);
      setNames((current) => ({ ...current, [stored.url]: file.name }));
      setFiles([...files, stored.url]);
    } catch (uploadError) {
      toastError("Upload failed", errorMessage(uploadError, "The upload failed. Please try again."));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor="lesson-files">Downloads</Label>
      {files.length ? (
        <ul className="grid gap-2">
          {files.map((url) => (
            <li key={url} className="flex flex-wrap items-center gap-3 rounded-md border bg-card p-2 text-sm">
              <a href={url} target="_blank" rel="noreferrer" className="text-primary underline underline-offset-4">
                {names[url] ?? "File"}
              </a>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => setFiles(files.filter((u) => u !== url))}
              >
                Remove<span className="sr-only"> {names[url] ?? "file"}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length < MAX_LESSON_FILES ? (
        <input
          ref={input}
          id="lesson-files"
          type="file"
          accept={acceptAttribute("lesson-file")}
          aria-disabled={uploading || undefined}
          aria-describedby={error ? "lesson-files-hint lesson-files-error" : "lesson-files-hint"}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file && !uploading) void upload(file);
          }}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm"
        />
      ) : null}
      {uploading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Uploading...
        </p>
      ) : null}
      <p id="lesson-files-hint" className="text-sm text-muted-foreground">
        Files members who may open the lesson can download: PDF, ZIP, EPUB, Word, Excel, PowerPoint, MP3, JPEG or PNG,
        up to 50 MB each, at most {MAX_LESSON_FILES}.
      </p>
      {error ? (
        <p id="lesson-files-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
