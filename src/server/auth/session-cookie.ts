import "server-only";
import { cookies } from "next/headers";
import { getToken } from "next-auth/jwt";
import { LRUCache } from "lru-cache";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint";
import { env } from "@/lib/env";

/** Secure cookies whenever the site is served over https (production); plain http only for local use. */
export function secureCookiesEnabled(): boolean {
  return env().APP_URL?.startsWith("https://") ?? false;
}

/**
 * Session ids of cookies already decrypted, by the cookie header. Decrypting an Auth.js cookie
 * (key derivation, AES and HMAC) costs more than the rest of a small call; the same cookie always
 * names the same session, so it is decrypted once a minute at most. Only the decryption is
 * remembered: whether the session is still valid is checked in the database on every request.
 */
const decryptedSessionIds = new LRUCache<string, string>({
  max: 10_000,
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (_id, cookie) => cookie.length,
  ttl: 60_000,
});

/**
 * The id of our sessions row named by the request's session cookie (an Auth.js JWT), or null.
 * Only the cookie is read: the proxy, route handlers and server components all come through here.
 */
export async function readSessionId(headers: Headers): Promise<string | null> {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const remembered = decryptedSessionIds.get(cookie);
  if (remembered) return remembered;
  const token = await getToken({
    req: { headers: { cookie } },
    secret: env().AUTH_SECRET,
    secureCookie: secureCookiesEnabled(),
  });
  if (typeof token?.sid !== "string") return null;
  const msToExpiry = typeof token.exp === "number" ? token.exp * 1000 - Date.now() : 0;
  if (msToExpiry > 0) decryptedSessionIds.set(cookie, token.sid, { ttl: Math.min(60_000, msToExpiry) });
  return token.sid;
}

/**
 * A readable, non-secret companion of the session cookie that only tells the browser "a session may
 * exist", so that visitors' pages never call GET /api/auth/me (and never log its 401). The server
 * never trusts it: every request is still checked through the httpOnly session cookie.
 */
export async function markSignedIn(maxAgeSeconds: number): Promise<void> {
  (await cookies()).set(SIGNED_IN_HINT_COOKIE, "1", {
    path: "/",
    sameSite: "lax",
    secure: secureCookiesEnabled(),
    httpOnly: false,
    maxAge: maxAgeSeconds,
  });
}

export async function clearSignedIn(): Promise<void> {
  (await cookies()).delete(SIGNED_IN_HINT_COOKIE);
}
