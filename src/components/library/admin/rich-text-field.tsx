"use client";

import dynamic from "next/dynamic";
import { Controller, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";

// Tiptap is only ever loaded here, after the page, in the browser.
const RichTextEditor = dynamic(() => import("./rich-text-editor"), {
  ssr: false,
  loading: () => (
    <div className="min-h-72 rounded-md border border-input bg-muted" role="status" aria-label="Loading the editor" />
  ),
});

/** A form's rich text (a library article, a course's lesson): its label, the editor and its message. */
export function RichTextField<Values extends FieldValues>({
  control,
  name,
  id,
  label,
  error,
}: {
  control: Control<Values>;
  name: FieldPathByValue<Values, string>;
  /** Prefix of the label's and the message's ids. */
  id: string;
  label: string;
  error?: string;
}) {
  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            labelId={`${id}-label`}
            value={field.value}
            onChange={field.onChange}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
