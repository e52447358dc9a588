import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/api-client";

/**
 * Puts the server's field messages (a 400's `fields`, its schema's own words: the same schema the form
 * checks with) under the form's fields, focusing the first. What she typed stays. Returns whether
 * there were any, so that the caller toasts only other failures.
 */
export function showServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, "setError" | "getValues">,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const values = form.getValues();
  const known = Object.entries(error.fields).filter(([name]) => name in values);
  known.forEach(([name, message], index) =>
    form.setError(name as FieldPath<Values>, { message }, { shouldFocus: index === 0 }),
  );
  return known.length > 0;
}
