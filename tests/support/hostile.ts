import { readdirSync } from "node:fs";
import path from "node:path";

// The alphabet of the hostile-input test: what scanners and forgers
// send, beside fast-check's random strings.

/** Every method a scanner tries: the ones a route module can serve, TRACE (which fetch cannot even represent), WebDAV's and a made-up one. */
export const EVERY_METHOD = [
  "GET",
  "HEAD",
  "OPTIONS",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "TRACE",
  "PROPFIND",
  "MKCOL",
  "PURGE",
  "SEARCH",
  "BREW",
];

/** Node.js's HTTP parser itself refuses a method it does not know (400) before any app code runs. */
export const UNPARSED_METHODS = new Set(["BREW"]);

/** Path segments and query values as they go on the wire: NUL, a lone surrogate's bytes, broken and overlong escapes. */
export const MALFORMED_ESCAPES = ["a%00b", "%00", "%ED%A0%80", "%ED%BF%BF", "%C0%80", "%zz", "%E0%A4%A", "%"];

/** Ids no integer column holds. */
export const HUGE_IDS = ["2147483648", "99999999999", "99999999999999999999", "9223372036854775808"];

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Keyset page links a forger writes: wrong types, ids beyond the integer range, dates PostgreSQL refuses. */
export const FORGED_CURSORS = [
  base64url([true, "+275760-09-13T00:00:00.000Z", 1]),
  base64url(["+275760-09-13T00:00:00.000Z", 1]),
  base64url(["275760-09-13T00:00:00Z", 1]),
  base64url([false, "2026-02-30 10:00:00+00", 1]),
  base64url(["2026-02-30T10:00:00Z", 1]),
  base64url(["0000-01-01T00:00:00Z", 1]),
  base64url(["2026-01-01T00:00:00Z", 99999999999]),
  base64url([true, "2026-01-01T00:00:00Z", 2147483648]),
  base64url(["Amara", 99999999999]),
  base64url(["Amara", 1.5]),
  base64url(["Amara\u0000", 1]),
  base64url(["\ud800", 1]),
  base64url([1, 2, 3]),
  base64url({ after: 1 }),
  base64url("x"),
  base64url([null, null]),
  "99999999999999999999",
  "9223372036854775808",
  "-1",
  "1e3",
  "!!!",
];

/** Strings a JSON body can carry that are not text PostgreSQL stores. */
export const MALFORMED_STRINGS = ["\u0000", "a\u0000b", "\ud800", "x\udfff", "\udc00\ud800"];

/** Query keys the routes and pages read. */
export const QUERY_KEYS = [
  "q",
  "search",
  "after",
  "before",
  "cursor",
  "page",
  "limit",
  "offset",
  "month",
  "status",
  "tier",
  "type",
  "kind",
  "categoryId",
  "contentId",
  "tab",
  "token",
  "from",
  "to",
  "period",
  "next",
  "ref",
  "name",
];

/** A built chunk the server serves from /_next/static (the build the tests run against). */
export function someBuiltChunk(): string {
  const dir = path.join(process.cwd(), ".next/static/chunks");
  const file = readdirSync(dir).find((name) => name.endsWith(".js"));
  if (!file) throw new Error("No built chunk in .next/static/chunks");
  return `/_next/static/chunks/${file}`;
}

/** What a stack trace or a path of the build looks like in an answer: never shown to a caller. */
export const STACK_TRACE = /\n\s+at\s|node_modules|\.next\/server|webpack|turbopack|\/src\//i;
