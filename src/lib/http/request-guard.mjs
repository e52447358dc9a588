import { isMalformedText, MALFORMED_TEXT_MESSAGE } from "../malformed-text.mjs";

// What every request must be before Next.js sees it: a method the path
// serves, and an address that is text. Next.js answers 500 where these fail: a POST to a public file
// or to /_next/static (it renders a /405 page an App Router build does not have), TRACE anywhere (its
// Request adapter throws on a method fetch forbids), a NUL byte or a broken %-escape in a page's path.
// scripts/serve.mjs, the one server in front of Next.js' request handler, calls refuseBadRequest first.

/** The methods a route module can be called with (Next.js's HTTP_METHODS). */
const ROUTE_HANDLER_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

/** Pages, public files and build output: the app has no server actions, so nothing but reads. */
export const PAGE_METHODS = "GET, HEAD";

/**
 * /api/events/[id]/ics → a regex; routes sorted so that a static segment wins over a dynamic one, as in Next.js.
 * @param {Record<string, string[]>} table
 */
export function compileRoutes(table) {
  /** @param {string} pattern */
  const specificity = (pattern) =>
    pattern
      .split("/")
      .map((segment) =>
        segment.startsWith("[[...") ? "3" : segment.startsWith("[...") ? "2" : segment.startsWith("[") ? "1" : "0",
      )
      .join("");
  return Object.entries(table)
    .sort(([a], [b]) => specificity(a).localeCompare(specificity(b)) || a.localeCompare(b))
    .map(([pattern, methods]) => {
      const source = pattern
        .split("/")
        .map((segment) => {
          if (segment.startsWith("[[...")) return "(?:/.*)?";
          if (segment.startsWith("[...")) return "/.+";
          if (segment.startsWith("[")) return "/[^/]+";
          return segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}` : "";
        })
        .join("");
      return { pattern, regex: new RegExp(`^${source}/?$`), methods: new Set(methods), allow: methods.join(", ") };
    });
}

/**
 * The one page that takes a POST: a bulk email's List-Unsubscribe address, whose one-click POST
 * (RFC 8058) src/proxy.ts hands to POST /api/unsubscribe/<token> (docs/decisions/044-one-unsubscribe.md).
 */
export const ONE_CLICK_UNSUBSCRIBE_PAGE = /^\/unsubscribe\/[^/]+$/;

/** @param {string} path */
const isApiPath = (path) => path === "/api" || path.startsWith("/api/");

/**
 * @param {string} method
 * @param {string} path
 * @param {import("./request-guard.d.mts").GuardRules} rules
 * @returns {import("./request-guard.d.mts").Refusal | null}
 */
function methodRefusal(method, path, rules) {
  if (method === "GET" || method === "HEAD") {
    if (!isApiPath(path)) return null;
  } else if (!isApiPath(path)) {
    // Next.js's development tools post to their own paths.
    if (path.startsWith("/__nextjs")) return null;
    if (method === "POST" && ONE_CLICK_UNSUBSCRIBE_PAGE.test(path)) return null;
    return { status: 405, allow: PAGE_METHODS, message: `${method} is not allowed here.` };
  }
  const route = rules.routes.find((r) => r.regex.test(path));
  if (!route)
    return ROUTE_HANDLER_METHODS.has(method)
      ? null
      : { status: 405, allow: PAGE_METHODS, message: `${method} is not allowed here.` };
  if (route.methods.has(method)) return null;
  if (!rules.checkRouteMethods && ROUTE_HANDLER_METHODS.has(method)) return null;
  return { status: 405, allow: route.allow, message: `${method} is not allowed here.` };
}

/** @param {string} text */
function decodeOrNull(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

const BROKEN_ESCAPE_MESSAGE = "The address is not valid: a %-escape in it is not UTF-8 text.";

/**
 * The path and each query key and value must decode to text: no broken or overlong %-escape, no NUL, no surrogate.
 * @param {string} url
 * @returns {import("./request-guard.d.mts").Refusal | null}
 */
function addressRefusal(url) {
  const queryAt = url.indexOf("?");
  const parts =
    queryAt === -1
      ? [url]
      : [
          url.slice(0, queryAt),
          ...url
            .slice(queryAt + 1)
            .split(/[&=]/)
            .map((part) => part.replace(/\+/g, " ")),
        ];
  for (const part of parts) {
    const text = decodeOrNull(part);
    if (text === null) return { status: 400, message: BROKEN_ESCAPE_MESSAGE };
    if (isMalformedText(text)) return { status: 400, message: MALFORMED_TEXT_MESSAGE };
  }
  return null;
}

/**
 * Why a request is refused before the app sees it, or null to let it through.
 * @param {string} method
 * @param {string} url
 * @param {import("./request-guard.d.mts").GuardRules} rules
 */
export function refusalFor(method, url, rules) {
  const queryAt = url.indexOf("?");
  return methodRefusal(method, queryAt === -1 ? url : url.slice(0, queryAt), rules) ?? addressRefusal(url);
}

/**
 * Answers a refused request (JSON on API paths, in the API's error shape); true when it did.
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {import("./request-guard.d.mts").GuardRules} rules
 */
export function refuseBadRequest(request, response, rules) {
  const url = request.url ?? "/";
  const refusal = refusalFor(request.method ?? "GET", url, rules);
  if (!refusal) return false;
  const json = isApiPath(url.split("?")[0]);
  response.statusCode = refusal.status;
  if (refusal.allow) response.setHeader("Allow", refusal.allow);
  response.setHeader("Content-Type", json ? "application/json" : "text/plain; charset=utf-8");
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.end(
    request.method === "HEAD" ? undefined : json ? JSON.stringify({ error: refusal.message }) : refusal.message,
  );
  return true;
}
