// The scripts of a prerendered page, for its Content-Security-Policy
// (docs/decisions/033-script-hashes-for-prerendered-pages.md). cache-handler.mjs runs this on every
// page it stores, so the hashes travel with the HTML they describe (a page regenerated after an edit
// has new inline scripts: the App Router streams its data in them). Plain JavaScript: the page cache
// runs outside the bundle.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { hashContentSecurityPolicy } from "./security-headers.mjs";

/**
 * A script element as the HTML parser reads it: its text ends at the first `</script`. React escapes
 * `<` inside the scripts it writes and in every attribute and text, so no other `<script` is a tag.
 */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** A preload of a script (React puts one before the bootstrap script). */
const SCRIPT_PRELOAD = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")[^>]*>/gi;
/** Types that run; any other (application/ld+json, application/json) is a data block, which never does. */
const EXECUTABLE_TYPE = /^(module|(text|application)\/(x-)?(java|ecma)script)?$/i;
/** Next.js' own files, named by their content (their names change with it). */
const NEXT_STATIC = /^\/_next\/(static\/[\w\-./~]+\.js)$/;

/** A hash-source of `content` (its UTF-8 bytes), as CSP and Subresource Integrity write it. */
export function sha256(content) {
  return `sha256-${createHash("sha256").update(content).digest("base64")}`;
}

/** The value of the attribute `name` in a tag's attribute text: "" when it has none, null when absent. */
function attribute(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=[\\s/>]|$)`, "i").exec(
    attributes,
  );
  return match ? (match[1] ?? match[2] ?? match[3] ?? "") : null;
}

/**
 * Reads Next.js' files from a build directory (`.next`), each once: the integrity of the script tags
 * that load them. Answers null for anything that is not one of them.
 */
export function staticFileReader(distDir) {
  const hashes = new Map();
  return (src) => {
    const match = NEXT_STATIC.exec(src);
    if (!match || match[1].split("/").includes("..")) return null;
    if (!hashes.has(match[1])) {
      let hash = null;
      try {
        hash = sha256(readFileSync(path.join(distDir, match[1])));
      } catch {
        // Not in this build: left without integrity, so the browser refuses it (and says so).
      }
      hashes.set(match[1], hash);
    }
    return hashes.get(match[1]);
  };
}

/**
 * The page's HTML with `integrity` on each script tag (and script preload) that loads one of
 * Next.js' files, and the hashes of every script the page runs: each inline script by its text, each
 * loaded one by its file. Under 'strict-dynamic', those hashes are all that lets a script written in
 * the HTML run (a loaded one through its integrity, CSP Level 3); what they load runs through them.
 * `hashOfFile(src)` answers a file's hash, or null for a script from anywhere else (which is then
 * refused).
 */
export function hashPageScripts(html, hashOfFile) {
  const hashes = new Set();
  /** The tag with the integrity of the file it loads, unless it has one or loads something else. */
  const withIntegrity = (tag, url) => {
    const hash = url === null || attribute(tag, "integrity") !== null ? null : hashOfFile(url);
    return hash ? tag.replace(/^<(script|link)\b/i, `$& integrity="${hash}"`) : tag;
  };
  const scripts = html.replace(SCRIPT, (element, attributes, text) => {
    const type = attribute(attributes, "type");
    if (type !== null && !EXECUTABLE_TYPE.test(type.trim())) return element;
    const src = attribute(attributes, "src");
    if (src === null) {
      hashes.add(sha256(text));
      return element;
    }
    const tagged = withIntegrity(element, src);
    const integrity = attribute(tagged.slice(0, tagged.indexOf(">")), "integrity") ?? "";
    for (const hash of integrity.split(/\s+/)) if (/^sha(256|384|512)-/.test(hash)) hashes.add(hash);
    return tagged;
  });
  return {
    html: scripts.replace(SCRIPT_PRELOAD, (tag) => withIntegrity(tag, attribute(tag, "href"))),
    hashes: [...hashes],
  };
}

/**
 * Gives a page Next.js is about to store its policy: the scripts of its HTML hashed, integrity on the
 * tags that load Next.js' files, the policy among its headers (Next.js sends a stored page's headers
 * with it, and the object is the one the response that rendered it is made from). Anything other than
 * a page (a route handler's answer, fetch data) is left as it is.
 */
export function attachScriptPolicy(value, hashOfFile, dev) {
  if (value?.kind !== "APP_PAGE" || typeof value.html !== "string") return value;
  const { html, hashes } = hashPageScripts(value.html, hashOfFile);
  value.html = html;
  value.headers = { ...value.headers, "content-security-policy": hashContentSecurityPolicy(hashes, dev) };
  return value;
}

/** Whether a stored page already carries its policy (every one stored through attachScriptPolicy does). */
export function hasScriptPolicy(value) {
  return value?.kind !== "APP_PAGE" || typeof value.headers?.["content-security-policy"] === "string";
}
