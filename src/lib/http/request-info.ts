import { env } from "@/lib/env";

/**
 * The client's address for rate limiting. Next.js fills X-Forwarded-For with the socket address
 * only when the request has none, so behind a proxy (TRUST_PROXY=true) the entry the proxy appended,
 * the last one, is used; without a proxy the first entry is the best there is.
 */
export function clientIp(headers: Headers): string {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const ip = env().TRUST_PROXY ? entries.at(-1) : entries[0];
  return (ip ?? "unknown").slice(0, 64);
}
