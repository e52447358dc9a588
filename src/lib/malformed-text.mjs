// Text no person types, shared by src/lib/validation.ts (JSON bodies)
// and the request guard in front of Next.js (addresses), which runs as plain JavaScript.

/** NUL (which PostgreSQL cannot store in text) or a UTF-16 surrogate without its pair (not text at all). */
const MALFORMED_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const MALFORMED_TEXT_MESSAGE =
  "The request holds characters that are not text (a NUL byte or a broken character).";

/** @param {string} text */
export const isMalformedText = (text) => MALFORMED_TEXT.test(text);
