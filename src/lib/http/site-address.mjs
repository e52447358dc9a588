// The site has one address, APP_URL (docs/decisions/025-client-addresses-and-site-address.md): every
// link and the cross-site check use it. A page opened under another one (http://127.0.0.1:3000 for
// http://localhost:3000, a LAN address, the server's IP) rendered, then refused every form it sent as
// cross-site. So the server (scripts/serve.mjs) sends a page request for another host to the same path
// at APP_URL, as Ghost does with its configured url; API calls are never redirected (a health check
// asks an instance by its own address; a refused call names the address to use). Plain JavaScript
// because that server runs outside the Next.js bundle.
import { isValidHost } from "./forwarding.mjs";

/** The methods a browser opens a page with; anything else is left to the route that receives it. */
const PAGE_REQUEST_METHODS = new Set(["GET", "HEAD"]);

/**
 * The host the client asked for: the Host header, or behind a trusted proxy (`trustProxy`) the
 * X-Forwarded-Host it set (its last entry), when that is a host name. Read before the forwarding
 * headers are rewritten (src/lib/http/forwarding.mjs drops X-Forwarded-Host).
 */
export function requestedHost(headers, trustProxy) {
  const forwarded = trustProxy ? headers["x-forwarded-host"] : undefined;
  const last = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  if (last && isValidHost(last)) return last;
  return typeof headers.host === "string" && headers.host ? headers.host : null;
}

/**
 * Where a request for `url` under `host` must go instead: the same path and query at `siteOrigin`,
 * or null when it is for the site's own host, is an API call or not a page request, or when no site
 * address is configured. Hosts compare as URLs do (case, and the scheme's default port, ignored).
 */
export function siteAddressRedirect({ method, url, host }, siteOrigin) {
  if (!siteOrigin || !host || !PAGE_REQUEST_METHODS.has(method ?? "")) return null;
  const path = pathOf(url);
  const pathname = path?.split("?")[0];
  if (path === null || pathname === "/api" || pathname.startsWith("/api/")) return null;
  const site = new URL(siteOrigin);
  let asked;
  try {
    asked = new URL(`${site.protocol}//${host}`).host;
  } catch {
    return null; // not a host name: the forwarding check answers it with 400
  }
  return asked === site.host ? null : `${site.origin}${path}`;
}

/** The path and query of a request target: origin-form as sent, or those of an absolute-form URL. */
function pathOf(url) {
  if (typeof url !== "string") return null;
  if (url.startsWith("/")) return url;
  try {
    const absolute = new URL(url);
    return `${absolute.pathname}${absolute.search}`;
  } catch {
    return null;
  }
}
