import { siteUrl } from "./site-url";

export const SESSION_COOKIE_NAMES = ["authjs.session-token", "__Secure-authjs.session-token"];

/**
 * CSRF defence for state-changing requests: a request that carries the session cookie must say
 * where it comes from (browsers always send Origin on such requests), and any request that names
 * an Origin must name ours, the configured site address (never Host or X-Forwarded-Host, which the
 * client writes). Server-to-server calls without cookie or Origin (webhooks) pass.
 */
export function isSameOriginRequest(request: { headers: Headers; cookies: { has(name: string): boolean } }): boolean {
  const origin = request.headers.get("origin");
  const hasSession = SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));
  if (!origin) return !hasSession;
  return origin === siteUrl();
}
