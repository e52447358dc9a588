import { notFound } from "next/navigation";
import { idSchema } from "@/lib/validation";

// What a page (a server component) reads from its address goes through the same schemas as the
// API's input. A value no row can have, such as the id 99999999999 or a forged page link, names a page
// that does not exist: 404, never a server error. (NUL bytes and broken %-escapes never reach a page:
// src/lib/http/request-guard.mjs answers them 400.)

interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

type Segment = string | string[] | undefined;

/**
 * The row id in a page's address (idSchema, or `schema` for a bigserial id), or null when the segment
 * cannot name a row: for a page that answers a missing row with its own screen.
 */
export function pageIdOrNull(segment: Segment, schema: Schema<number> = idSchema): number | null {
  const parsed = schema.safeParse(segment);
  return parsed.success ? parsed.data : null;
}

/** The row id in a page's address, or the 404 page. */
export function pageId(segment: Segment, schema: Schema<number> = idSchema): number {
  const id = pageIdOrNull(segment, schema);
  if (id === null) notFound();
  return id;
}

/** A page's query through its schema, or the 404 page. */
export function pageQuery<T>(schema: Schema<T>, searchParams: Record<string, string | string[] | undefined>): T {
  const parsed = schema.safeParse(searchParams);
  if (!parsed.success) notFound();
  return parsed.data;
}
