import { env } from "@/lib/env";

export const SESSION_COOKIE_NAMES = ["authjs.session-token", "__Secure-authjs.session-token"];

function expectedOrigin(headers: Headers): string | null {
  const configured = env().APP_URL;
  if (configured) return new URL(configured).origin;
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (!host) return null;
  const proto = (headers.get("x-forwarded-proto") ?? "http").split(",")[0]!.trim();
  return `${proto}://${host.split(",")[0]!.trim()}`;
}

/**
 * CSRF defence for state-changing requests: a request that carries the session cookie must say
 * where it comes from (browsers always send Origin on such requests), and any request that names
 * an Origin must name ours. Server-to-server calls without cookie or Origin (webhooks) pass.
 */
export function isSameOriginRequest(request: { headers: Headers; cookies: { has(name: string): boolean } }): boolean {
  const origin = request.headers.get("origin");
  const hasSession = SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));
  if (!origin) return !hasSession;
  return origin === expectedOrigin(request.headers);
}
