import { z } from "zod";
import { plainIssueMessage } from "./validation-messages";
import { SAME_SITE_PATH_MESSAGE, sameSitePath } from "./same-site-path";

// Every schema in the app imports `z` from here, so that this one error map words every message a
// schema does not word itself: a person reads "Title is required.", never zod's
// "Invalid input: expected string, received undefined". Messages the spec names are written on the
// schemas themselves and win over this map.
// In the browser, every page's Content-Security-Policy refuses eval (docs/decisions/033-script-hashes-for-prerendered-pages.md):
// zod's compiled parsers could not run there, and its probe for eval would be reported as a violation.
z.config({ customError: plainIssueMessage, jitless: typeof window !== "undefined" });

export { z };

/**
 * An email address field, the one definition: trimmed, then checked, with the spec's message.
 * `missing`, when a form words the empty field apart, is its message for a field left out.
 */
export function emailField(message = "Please enter a valid email address", { missing }: { missing?: string } = {}) {
  return z
    .string(missing ?? message)
    .trim()
    .max(254, message)
    .pipe(z.email(message));
}

/**
 * A link to a path on this site, the one field for it (src/lib/same-site-path.ts): trimmed, refused
 * unless a browser following it stays on this site, and answered normalised as the browser reads it.
 */
export function sameSitePathField(message = SAME_SITE_PATH_MESSAGE, max = 300) {
  return z
    .string(message)
    .trim()
    .max(max, `The link must be no more than ${max} characters`)
    .refine((value) => sameSitePath(value) !== null, message)
    .transform((value) => sameSitePath(value)!);
}

/** PostgreSQL's largest `integer`, the type of most id columns. */
export const MAX_ID = 2_147_483_647;

/**
 * A row id: a whole number from 1 to `max` (PostgreSQL's integer maximum unless the column is a
 * bigint), written as a number or in decimal digits ("1e3", "0x10", " 1" are not ids), from a route
 * segment, a query string or a JSON body. `message`, when given, is the field's only message.
 */
export function idField(message?: string, max = MAX_ID) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,20}$/.test(value) ? Number(value) : value),
    z.int(message).min(1, message).max(max, message),
  );
}

export const idSchema = idField();

/**
 * A route's id parameters, the one way to read them: `idParams()` for `[id]`, `idParams("contentId")`
 * for `[contentId]`. Each is a row id (idSchema); a page reads its id with pageId (src/lib/page-input.ts).
 */
export function idParams<const K extends string = "id">(...names: K[]) {
  const keys = names.length ? names : (["id"] as K[]);
  return z.object(Object.fromEntries(keys.map((key) => [key, idSchema])) as Record<K, typeof idSchema>);
}

/** The id of a bigserial row (messages, conversations, notifications), as far as JavaScript's numbers are exact. */
export const bigIdSchema = idField(undefined, Number.MAX_SAFE_INTEGER);

// --- Keyset cursors -------------------------------------------------------------------------------

export const CURSOR_MESSAGE = "This page link is not valid.";

/** Where a list answered as a bare JSON array gives its next page's cursor. */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;

/**
 * An ISO 8601 timestamp (or PostgreSQL's text form of one) that names a real instant PostgreSQL can
 * store: years 1 to 9999, no 30 February, no hour 25. JavaScript's Date would accept "+275760-09-13"
 * and roll 30 February over to March; PostgreSQL refuses both.
 */
export function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, , offsetHours = "0", offsetMinutes = "0"] = match.slice(1);
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const real =
    y >= 1 &&
    m >= 1 &&
    m <= 12 &&
    d >= 1 &&
    d <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHours) <= 15 &&
    Number(offsetMinutes) <= 59;
  // Both sides read it: the app as a Date, PostgreSQL as timestamptz.
  return real && !Number.isNaN(Date.parse(value));
}

/** The parts a cursor's key is made of, each checked as strictly as a body field. */
export const cursorPart = {
  id: z.int().min(1).max(MAX_ID),
  bigId: z.int().min(1),
  time: z.string().refine(isTimestamp),
  text: z.string().max(500),
  flag: z.boolean(),
  /** A search rank (ts_rank, a real), compared as PostgreSQL's real again. */
  rank: z.number().min(0).max(1e6),
};

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromBase64Url = (text: string) =>
  new TextDecoder("utf-8", { fatal: true }).decode(
    Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)),
  );

/** The page link of a keyset page: the last row's sort key, as base64url JSON. */
export function encodeCursor(key: readonly unknown[]): string {
  return toBase64Url(JSON.stringify(key));
}

/**
 * A keyset page link in a query string, decoded and checked part by part (`cursorPart`), so that a
 * forged one (wrong types, ids beyond the integer range, the year 275760) is a 400 like any bad field.
 */
export function cursorSchema<const Parts extends readonly [z.ZodType, ...z.ZodType[]]>(...parts: Parts) {
  const key = z.tuple(parts as unknown as [z.ZodType, ...z.ZodType[]]);
  return z
    .string(CURSOR_MESSAGE)
    .max(2000, CURSOR_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, CURSOR_MESSAGE)
    .transform((text, context) => {
      let value: unknown;
      try {
        value = JSON.parse(fromBase64Url(text));
      } catch {
        value = undefined;
      }
      const parsed = findMalformedText(value) ? null : key.safeParse(value);
      if (parsed?.success) return parsed.data as { -readonly [I in keyof Parts]: z.output<Parts[I]> };
      context.addIssue({ code: "custom", message: CURSOR_MESSAGE });
      return z.NEVER;
    });
}

// --- Text no person types -------------------------------------------------------------------------

// NUL (which PostgreSQL cannot store in text) or a UTF-16 surrogate without its pair (not text at all).
import { isMalformedText } from "./malformed-text.mjs";
export { isMalformedText, MALFORMED_TEXT_MESSAGE } from "./malformed-text.mjs";

/**
 * The path of the first string (or object key) in a parsed JSON value that is malformed text, or null.
 * Walks with its own stack, so that a value nested 20,000 deep cannot overflow the call stack.
 */
export function findMalformedText(value: unknown): (string | number)[] | null {
  interface Step {
    value: unknown;
    key?: string | number;
    parent?: Step;
  }
  const pathOf = (step: Step) => {
    const path: (string | number)[] = [];
    for (let at: Step | undefined = step; at?.parent; at = at.parent) path.push(at.key!);
    return path.reverse();
  };
  const stack: Step[] = [{ value }];
  while (stack.length) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === "string") {
      if (isMalformedText(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, key: index, parent: step }));
    } else if (current && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        if (isMalformedText(key)) return pathOf(step);
        stack.push({ value: item, key, parent: step });
      }
    }
  }
  return null;
}
