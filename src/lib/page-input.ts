import { notFound } from "next/navigation";
import { idSchema } from "@/lib/validation";

// What a page (a server component) reads from its address goes through the same schemas as the
// API's input. A value no row can have, such as the id 99999999999 or a forged page link, names a page
// that does not exist: 404, never a server error. (NUL bytes and broken %-escapes never reach a page:
// src/lib/http/request-guard.mjs answers them 400.)

interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/** The row id in a page's address, or the 404 page. */
export function pageId(segment: string | string[] | undefined): number {
  const parsed = idSchema.safeParse(segment);
  if (!parsed.success) notFound();
  return parsed.data;
}

/** A page's query through its schema, or the 404 page. */
export function pageQuery<T>(schema: Schema<T>, searchParams: Record<string, string | string[] | undefined>): T {
  const parsed = schema.safeParse(searchParams);
  if (!parsed.success) notFound();
  return parsed.data;
}
