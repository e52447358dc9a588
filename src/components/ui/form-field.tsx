"use client";

import * as React from "react";
import { cn } from "@/lib/utils";
import { Label } from "./label";

interface FormFieldProps {
  label: React.ReactNode;
  /** The control's id; the label, hint and error are tied to it. */
  id: string;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  /** The control. It receives id, aria-invalid and aria-describedby. */
  children: React.ReactElement<React.HTMLAttributes<HTMLElement> & { id?: string }>;
}

/** A label, a control, an optional hint and the validation message, wired for screen readers. */
export function FormField({ label, id, error, hint, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {React.cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
