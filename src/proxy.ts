// Redirects page requests that the access rules refuse (spec 02 section 2.2). It is a convenience:
// pages and APIs check the same rules again on the server (src/lib/auth/access.ts).
import { NextResponse, type NextRequest } from "next/server";
import { checkAccess, pageRuleFor, redirectFor } from "@/lib/auth/access";
import { env } from "@/lib/env";
import { isPrerenderedMemberPage } from "@/lib/http/member-pages";
import { nonceContentSecurityPolicy, prerenderedMemberContentSecurityPolicy } from "@/lib/http/security-headers";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "@/lib/database-errors";
import { readSessionId } from "@/server/auth/session-cookie";
import { loadSessionUser } from "@/server/auth/sessions";

export async function proxy(request: NextRequest) {
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
  const decision = checkAccess(user, pageRuleFor(pathname));
  if (decision !== "allowed") {
    return NextResponse.redirect(new URL(redirectFor(decision, pathname + search), request.nextUrl));
  }
  const dev = env().NODE_ENV === "development";
  const headers = new Headers(request.headers);
  headers.set("x-pathname", pathname + search);
  let policy: string;
  if (isPrerenderedMemberPage(pathname)) {
    // Served from the page cache, the same for every member: no nonce can be in it.
    policy = prerenderedMemberContentSecurityPolicy(dev);
  } else {
    // A fresh nonce for each page: Next.js reads it from the request's policy and puts it on its scripts.
    policy = nonceContentSecurityPolicy(Buffer.from(crypto.randomUUID()).toString("base64"), dev);
    headers.set("content-security-policy", policy);
  }
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  // A prerendered member page would carry the page cache's s-maxage and stale-while-revalidate, which a
  // browser takes as leave to show its stored copy and ask again behind it: after her sign-out (or her
  // account's end) she would be shown the page instead of sent to sign in. Each visit asks here first.
  if (isPrerenderedMemberPage(pathname)) response.headers.set("cache-control", "private, no-cache");
  return response;
}

// Only guarded pages pass through here, so public pages stay static and never wait on the database.
// Keep in step with PAGE_RULES (a unit test checks it).
export const config = {
  matcher: [
    "/admin/:path*",
    "/spiritual-profile/:path*",
    "/forum/:path*",
    "/library/:path*",
    "/profile/:path*",
    "/members/:path*",
    "/notifications/:path*",
    "/messages/:path*",
  ],
};
