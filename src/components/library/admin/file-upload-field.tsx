"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { FilePurpose } from "@/features/storage/constants";
import { toastError } from "@/hooks/use-toast";
import { errorMessage, uploadFile } from "@/lib/api-client";
import { acceptAttribute } from "@/features/storage/kinds";

interface FileUploadFieldProps {
  id: string;
  label: string;
  purpose: FilePurpose;
  /** The stored file's URL (/api/files/{id}), or "" for none. */
  value: string;
  onChange: (url: string) => void;
  error?: string;
  hint?: string;
  /** Given the file input too: a form library's field ref, so that it can move focus to the field. */
  inputRef?: React.RefCallback<HTMLInputElement>;
}

/** Uploads a file through the storage module as soon as it is chosen; the form keeps its URL. */
export function FileUploadField({ id, label, purpose, value, onChange, error, hint, inputRef }: FileUploadFieldProps) {
  const [uploading, setUploading] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const message = failure ?? error;
  const describedBy =
    [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  async function upload(file: File) {
    setUploading(true);
    setFailure(null);
    try {
      onChange((await uploadFile(purpose, file)).url);
    } catch (uploadError) {
      const text = errorMessage(uploadError, "The upload failed. Please try again.");
      setFailure(text);
      toastError("Upload failed", text);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {value ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border bg-card p-3">
          {purpose === "library-image" ? (
            // eslint-disable-next-line @next/next/no-img-element -- a just-uploaded file, readable by its uploader through /api/files
            <img src={value} alt="" className="h-20 w-32 rounded object-cover" />
          ) : (
            <a
              href={value}
              target="_blank"
              rel="noreferrer"
              className="text-sm text-primary underline underline-offset-4"
            >
              Open the uploaded file
            </a>
          )}
          <Button type="button" size="sm" variant="outline" onClick={() => onChange("")}>
            Remove {label.toLowerCase()}
          </Button>
        </div>
      ) : null}
      <input
        ref={(element) => {
          input.current = element;
          inputRef?.(element);
        }}
        id={id}
        type="file"
        accept={acceptAttribute(purpose)}
        // Not disabled while a file uploads, which would drop her focus (docs/decisions/037): a file chosen
        // meanwhile is ignored.
        aria-disabled={uploading || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file && !uploading) void upload(file);
        }}
        className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm"
      />
      {uploading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Uploading...
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
