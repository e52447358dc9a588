// What the app believes about where a request came from, decided once at the door by the server
// (scripts/serve.mjs) from the socket, before Next.js or any handler sees the request (docs/security.md).
// Plain JavaScript because that server runs outside the Next.js bundle; src/lib/http/request-info.ts
// reads the result.
import { isIP } from "node:net";

/** A DNS name (or IPv4 address) or a bracketed IPv6 literal, with an optional port: RFC 9110 section 7.2. */
const HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Headers through which a client or a proxy can name an address, a host or a scheme. */
const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-proto",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
];

export function isValidHost(value) {
  return typeof value === "string" && value.length <= 261 && HOST.test(value);
}

/** An address as a rate limit should count it: IPv4 seen through an IPv6 socket as plain IPv4. */
export function canonicalAddress(value) {
  if (typeof value !== "string") return null;
  const address = value.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(address) ? address.toLowerCase() : null;
}

/** The last entry of an X-Forwarded-For value: the one the proxy in front of us appended. */
function lastForwardedEntry(value) {
  const joined = Array.isArray(value) ? value.join(",") : value;
  if (typeof joined !== "string") return null;
  const entries = joined
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length ? canonicalAddress(entries.at(-1)) : null;
}

/**
 * Rewrites `headers` (a Node.js request's) so that X-Forwarded-For holds exactly one address, the
 * client's as this server can vouch for it:
 * - without a trusted proxy, the socket's peer: whatever the client wrote is dropped;
 * - with one (`trustProxy`), the last X-Forwarded-For entry, the address our proxy appended (nginx's
 *   `$proxy_add_x_forwarded_for`); the socket's peer if there is none or it is not an address.
 * Every other forwarding header is removed, except X-Forwarded-Proto from a trusted proxy: links and
 * the cross-site check use APP_URL, never a header. Answers false when the Host header is not a host
 * name, which the server refuses with 400.
 */
export function normalizeForwarding(headers, socketAddress, trustProxy) {
  if (headers.host !== undefined && !isValidHost(headers.host)) return false;
  const socket = canonicalAddress(socketAddress) ?? "unknown";
  const client = trustProxy ? (lastForwardedEntry(headers["x-forwarded-for"]) ?? socket) : socket;
  const proto = headers["x-forwarded-proto"];
  for (const name of FORWARDING_HEADERS) delete headers[name];
  if (trustProxy && (proto === "http" || proto === "https")) headers["x-forwarded-proto"] = proto;
  headers["x-forwarded-for"] = client;
  return true;
}
