// Which addresses are answered from the shared page cache, the same HTML for everyone, and which are
// rendered for each request (docs/decisions/033-script-hashes-for-prerendered-pages.md). The first
// carry the policy stored with them (their scripts' hashes), the second get a nonce from src/proxy.ts:
// a page given both would run none of its inline scripts, a page given neither would have no policy.
// An integration test checks this list against what every page is.
import { isPrerenderedMemberPage } from "./member-pages";

/** Public pages prerendered at build time (static, or regenerated hourly and after an edit). */
const PUBLIC_PAGES = new Set([
  "/",
  "/about",
  "/application-received",
  "/blog",
  "/chat",
  "/community",
  "/contact",
  "/events",
  "/faq",
  "/forgot-password",
  "/login",
  "/membership",
  "/offline",
  "/payment",
  "/privacy",
  "/search",
  "/terms",
  "/trial-confirmation",
]);

/** A blog post and an event: prerendered (or rendered once, on first request) and kept in the page cache. */
const PUBLIC_ROUTES = /^\/(blog|events)\/[^/]+$/;

export function isPrerenderedPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return PUBLIC_PAGES.has(path) || PUBLIC_ROUTES.test(path) || isPrerenderedMemberPage(path);
}
