// Member pages prerendered once for every member (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md): next.config.ts
// (the rewrites), src/lib/http/prerendered-pages.ts (which pages carry a stored policy) and the pages use this file, so it imports
// nothing through the "@/" alias.

/** The value of the id or slug at which a member page with one in its address is prerendered. */
export const PRERENDERED_PARAM = "_";

/**
 * Member pages with an id or a slug in their address: each is prerendered once, at PRERENDERED_PARAM
 * (every parameter of it: a lesson's page is /courses/_/_),
 * and every address of the route is served that page (an "afterFiles" rewrite, so the routes beside
 * them, such as /forum/settings, keep theirs). The page reads the id or slug in the browser.
 */
const PRERENDERED_MEMBER_ROUTES = [
  "/forum/:categorySlug",
  "/forum/topic/:slug",
  "/library/category/:slug",
  "/library/tag/:slug",
  "/library/item/:slug",
  "/courses/:slug",
  "/courses/:courseSlug/:slug",
  "/profile/:id",
];

export function memberPageRewrites(): Array<{ source: string; destination: string }> {
  return PRERENDERED_MEMBER_ROUTES.map((source) => ({
    source,
    destination: source.replace(/:\w+/g, PRERENDERED_PARAM),
  }));
}

/** Member pages rendered per request under the same prefixes (their routes sit beside the prerendered ones). */
const PER_REQUEST = ["/forum/settings", "/forum/new-topic", "/profile/security", "/profile/privacy"];

/**
 * Whether a guarded path is one of the prerendered member pages, which are served from the page cache
 * and so cannot carry a per-request nonce. An integration test checks this against what each page is.
 */
export function isPrerenderedMemberPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (PER_REQUEST.includes(path)) return false;
  return (
    ["/home", "/forum", "/library", "/courses", "/leaderboard", "/members", "/profile", "/spiritual-profile"].includes(
      path,
    ) || /^\/(forum|forum\/topic|library\/(category|tag|item)|profile|courses|courses\/[^/]+)\/[^/]+$/.test(path)
  );
}
