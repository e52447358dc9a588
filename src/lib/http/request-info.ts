import { canonicalAddress } from "./forwarding.mjs";

/**
 * The client's address, for rate limits, sessions and the audit log. The server (scripts/serve.mjs)
 * has already rewritten X-Forwarded-For to the one address it can vouch for: the socket's peer, or
 * with TRUST_PROXY the address our proxy appended (src/lib/http/forwarding.mjs). The last entry is
 * read, so that even a server without that door would not count the address a client wrote first.
 */
export function clientIp(headers: Headers): string {
  const entries = (headers.get("x-forwarded-for") ?? "").split(",");
  return canonicalAddress(entries.at(-1)) ?? "unknown";
}
