import { env } from "@/lib/env";

/**
 * The public base URL for links in emails and feeds: APP_URL when set (production), otherwise the
 * origin the request came to (local use).
 */
export function siteUrl(headers?: Headers): string {
  const configured = env().APP_URL;
  if (configured) return configured.replace(/\/$/, "");
  const host = headers?.get("x-forwarded-host") ?? headers?.get("host") ?? "localhost:3000";
  const proto = (headers?.get("x-forwarded-proto") ?? "http").split(",")[0]!.trim();
  return `${proto}://${host.split(",")[0]!.trim()}`;
}
