/**
 * The one rule for a link a member is sent to on this site (docs/security.md, Links): `next` after
 * sign-in, an announcement's link, every notification's link, a push's link and the service worker's
 * click. A path is kept only if a browser would stay on this site following it: it is resolved as
 * the browser resolves it (`new URL(path, origin)`, which drops tabs and line breaks and reads `\` as
 * `/`), and kept when it stays on our origin and its normalised path does too. Any control character
 * or backslash, a scheme-relative `//host`, an absolute URL, or dot segments that lead to `//host` are
 * refused, never repaired. Shared by the server and the browser (no configuration needed: a relative
 * path resolved against any origin keeps it).
 */

/** Stands for this site's own origin while a path is resolved. */
const OWN_ORIGIN = "https://this-site.invalid";
/** Characters a browser drops from a URL or reads as a slash. */
const CONTROL_OR_BACKSLASH = /[\u0000-\u001F\u007F\\]/;

/** The path, normalised as a browser would follow it, if it stays on this site; otherwise null. */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || CONTROL_OR_BACKSLASH.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave a path such as "//host" ("/..//host"), which a browser would follow off-site.
  if (url.origin !== OWN_ORIGIN || path.startsWith("//")) return null;
  return path;
}

/** What a field holding such a path is told when it holds anything else. */
export const SAME_SITE_PATH_MESSAGE = "The link must be a path on this site, such as /events";
