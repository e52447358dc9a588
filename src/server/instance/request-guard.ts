import "server-only";
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { isMalformedText, MALFORMED_TEXT_MESSAGE } from "@/lib/validation";

// What every request must be before Next.js sees it (issues 24 item 7, 31 item 1): a method the path
// serves, and an address that is text. Next.js answers 500 where these fail: a POST to a public file
// or to /_next/static (it renders a /405 page an App Router build does not have), TRACE anywhere (its
// Request adapter throws on a method fetch forbids), a NUL byte or a broken %-escape in a page's path.

/** The methods a route module can be called with (Next.js's HTTP_METHODS). */
const ROUTE_HANDLER_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

/** Pages, public files and build output: the app has no server actions, so nothing but reads. */
export const PAGE_METHODS = "GET, HEAD";

export interface Refusal {
  status: 400 | 405;
  message: string;
  allow?: string;
}

interface CompiledRoute {
  pattern: string;
  regex: RegExp;
  methods: ReadonlySet<string>;
  allow: string;
}

/** /api/events/[id]/ics → a regex; routes sorted so that a static segment wins over a dynamic one, as in Next.js. */
export function compileRoutes(table: Record<string, string[]>): CompiledRoute[] {
  const specificity = (pattern: string) =>
    pattern
      .split("/")
      .map((segment) => (segment.startsWith("[[...") ? "3" : segment.startsWith("[...") ? "2" : segment.startsWith("[") ? "1" : "0"))
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

export interface GuardRules {
  routes: CompiledRoute[];
  /** Refuse a route-handler method an API route does not export (off in development, where routes change under a running server). */
  checkRouteMethods: boolean;
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

function methodRefusal(method: string, path: string, rules: GuardRules): Refusal | null {
  if (method === "GET" || method === "HEAD") {
    if (!isApiPath(path)) return null;
  } else if (!isApiPath(path)) {
    // Next.js's development tools post to their own paths.
    if (path.startsWith("/__nextjs")) return null;
    return { status: 405, allow: PAGE_METHODS, message: `${method} is not allowed here.` };
  }
  const route = rules.routes.find((r) => r.regex.test(path));
  if (!route) return ROUTE_HANDLER_METHODS.has(method) ? null : { status: 405, allow: PAGE_METHODS, message: `${method} is not allowed here.` };
  if (route.methods.has(method)) return null;
  if (!rules.checkRouteMethods && ROUTE_HANDLER_METHODS.has(method)) return null;
  return { status: 405, allow: route.allow, message: `${method} is not allowed here.` };
}

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

const BROKEN_ESCAPE_MESSAGE = "The address is not valid: a %-escape in it is not UTF-8 text.";

/** The path and each query key and value must decode to text: no broken or overlong %-escape, no NUL, no surrogate. */
function addressRefusal(url: string): Refusal | null {
  const queryAt = url.indexOf("?");
  const parts = queryAt === -1 ? [url] : [url.slice(0, queryAt), ...url.slice(queryAt + 1).split(/[&=]/).map((part) => part.replace(/\+/g, " "))];
  for (const part of parts) {
    const text = decodeOrNull(part);
    if (text === null) return { status: 400, message: BROKEN_ESCAPE_MESSAGE };
    if (isMalformedText(text)) return { status: 400, message: MALFORMED_TEXT_MESSAGE };
  }
  return null;
}

/** Why a request is refused before the app sees it, or null to let it through. */
export function refusalFor(method: string, url: string, rules: GuardRules): Refusal | null {
  const queryAt = url.indexOf("?");
  return methodRefusal(method, queryAt === -1 ? url : url.slice(0, queryAt), rules) ?? addressRefusal(url);
}

/** Answers a refused request (JSON on API paths, in the error shape of decisions.md); true when it did. */
export function refuseBadRequest(request: IncomingMessage, response: ServerResponse, rules: GuardRules): boolean {
  const url = request.url ?? "/";
  const refusal = refusalFor(request.method ?? "GET", url, rules);
  if (!refusal) return false;
  const json = isApiPath(url.split("?")[0]!);
  response.statusCode = refusal.status;
  if (refusal.allow) response.setHeader("Allow", refusal.allow);
  response.setHeader("Content-Type", json ? "application/json" : "text/plain; charset=utf-8");
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.end(request.method === "HEAD" ? undefined : json ? JSON.stringify({ error: refusal.message }) : refusal.message);
  return true;
}

/**
 * Puts refuseBadRequest in front of the request listener of the HTTP server `next start` made (the
 * first time it sees a request, which Node.js announces before dispatching it). A custom server
 * would call refuseBadRequest itself instead.
 */
export function installRequestGuard(rules: GuardRules): void {
  const guarded = new WeakSet<Server>();
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { server } = message as { server: Server };
    if (guarded.has(server)) return;
    guarded.add(server);
    const listeners = server.listeners("request") as RequestListener[];
    server.removeAllListeners("request");
    server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      if (refuseBadRequest(request, response, rules)) return;
      for (const listener of listeners) listener.call(server, request, response);
    });
  });
}
