// Redirects page requests that the access rules refuse, and gives each page
// rendered for one request its nonce policy (docs/decisions/033-script-hashes-for-prerendered-pages.md).
// The guard is a convenience: pages and APIs check the same rules again on the server
// (src/lib/auth/access.ts).
import { NextResponse, type NextRequest } from "next/server";
import { checkAccess, pageRuleFor, redirectFor, type AccessRule } from "@/lib/auth/access";
import { env } from "@/lib/env";
import { isPrerenderedPage } from "@/lib/http/prerendered-pages";
import { ONE_CLICK_UNSUBSCRIBE_PAGE } from "@/lib/http/request-guard.mjs";
import { nonceContentSecurityPolicy } from "@/lib/http/security-headers.mjs";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "@/lib/database-errors";
import { readSessionId } from "@/server/auth/session-cookie";
import { loadSessionUser } from "@/server/auth/sessions";

/** A redirect or a 503 when the guard refuses the request, null when it may go on. */
async function refusal(request: NextRequest, rule: AccessRule): Promise<NextResponse | null> {
  const { pathname, search } = request.nextUrl;
  const sessionId = await readSessionId(request.headers);
  let user;
  try {
    user = sessionId ? await loadSessionUser(sessionId) : null;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return new NextResponse(DATABASE_UNAVAILABLE_MESSAGE, {
      status: 503,
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const decision = checkAccess(user, rule);
  if (decision === "allowed") return null;
  return NextResponse.redirect(new URL(redirectFor(decision, pathname + search), request.nextUrl));
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // A bulk email's List-Unsubscribe address is its unsubscribe page: a GET shows the page, the mail
  // provider's one-click POST (RFC 8058) is answered by the API (docs/decisions/044-one-unsubscribe.md).
  if (request.method === "POST" && ONE_CLICK_UNSUBSCRIBE_PAGE.test(pathname))
    return NextResponse.rewrite(new URL(`/api${pathname}`, request.nextUrl));
  const rule = pageRuleFor(pathname);
  const dev = env().NODE_ENV === "development";
  // Served from the page cache with the policy stored beside it. The development server renders
  // every page for each request and stores none, so there each gets a nonce.
  const prerendered = !dev && isPrerenderedPage(pathname);
  // A public page from the page cache: nothing to do, no database.
  if (rule.kind === "public" && prerendered) return NextResponse.next();
  if (rule.kind !== "public") {
    const refused = await refusal(request, rule);
    if (refused) return refused;
  }
  const headers = new Headers(request.headers);
  headers.set("x-pathname", pathname + search);
  if (prerendered) {
    const response = NextResponse.next({ request: { headers } });
    // A prerendered member page would carry the page cache's s-maxage and stale-while-revalidate, which a
    // browser takes as leave to show its stored copy and ask again behind it: after her sign-out (or her
    // account's end) she would be shown the page instead of sent to sign in. Each visit asks here first.
    response.headers.set("cache-control", "private, no-cache");
    return response;
  }
  // A fresh nonce for each page: Next.js reads it from the request's policy and puts it on its scripts.
  const policy = nonceContentSecurityPolicy(Buffer.from(crypto.randomUUID()).toString("base64"), dev);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

// Guarded pages (keep in step with PAGE_RULES, a unit test checks it), whatever their address; then
// every other page, for its nonce: all but Next.js' files, the API and files (a dot in the address).
export const config = {
  matcher: [
    "/admin/:path*",
    "/spiritual-profile/:path*",
    "/home/:path*",
    "/forum/:path*",
    "/library/:path*",
    "/courses/:path*",
    "/profile/:path*",
    "/members/:path*",
    "/leaderboard/:path*",
    "/notifications/:path*",
    "/messages/:path*",
    "/((?!api/|_next/)[^.]*)",
  ],
};
