"use client";

import * as React from "react";
import { ApiError, apiRequest } from "@/lib/api-client";

interface ApiFormOptions<TResult> {
  /** The API route the form posts to (JSON). */
  path: string;
  /** Fields sent with every submission besides the form's named inputs (e.g. which form it came from). */
  extra?: Record<string, string>;
  onSuccess?: (result: TResult) => void;
  /** Any failure other than a validation error (network, 409, 429, 5xx...). */
  onError?: (error: unknown) => void;
}

/**
 * A form on a public page validated by its API route's schema alone: the route answers 400 with
 * `fields` (the schema's own messages) and the form shows them under their inputs. Public pages carry
 * no form library or schema code in their first-load JavaScript; the schema is still written once
 * (in the feature's schemas.ts) and the messages are the same ones a client-side check would give.
 * Inputs are uncontrolled and found by their `name`.
 */
export function useApiForm<TResult = unknown>({ path, extra, onSuccess, onError }: ApiFormOptions<TResult>) {
  const [pending, setPending] = React.useState(false);
  const [succeeded, setSucceeded] = React.useState(false);
  const [errors, setErrors] = React.useState<Record<string, string>>({});

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body: Record<string, string> = { ...extra };
    for (const [name, value] of new FormData(form)) if (typeof value === "string") body[name] = value;
    setPending(true);
    setSucceeded(false);
    try {
      const result = await apiRequest<TResult>("POST", path, body);
      setErrors({});
      setSucceeded(true);
      form.reset();
      onSuccess?.(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields && Object.keys(error.fields).length) {
        const fields = error.fields;
        setErrors(fields);
        // Move focus to the first field in error so keyboard and screen reader users land on it.
        const first = [...form.elements].find((element) => (element as HTMLInputElement).name in fields) as
          HTMLElement | undefined;
        if (first) requestAnimationFrame(() => first.focus());
      } else {
        setErrors({});
        onError?.(error);
      }
    } finally {
      setPending(false);
    }
  }

  return { onSubmit, pending, succeeded, errors };
}
