import "server-only";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";

/** Secure cookies whenever the site is served over https (production); plain http only for local use. */
export function secureCookiesEnabled(): boolean {
  return env().APP_URL?.startsWith("https://") ?? false;
}

/**
 * The id of our sessions row named by the request's session cookie (an Auth.js JWT), or null.
 * Only the cookie is read: the proxy, route handlers and server components all come through here.
 */
export async function readSessionId(headers: Headers): Promise<string | null> {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const token = await getToken({ req: { headers: { cookie } }, secret: env().AUTH_SECRET, secureCookie: secureCookiesEnabled() });
  return typeof token?.sid === "string" ? token.sid : null;
}
