import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The HTTP methods each API route serves, read from its route.ts at build time (next.config.ts), so
// that a method a route does not serve is answered 405 with an Allow header that names the ones it
// does (src/server/instance/request-guard.ts). Next.js's own 405 carries no Allow.

/** The methods Next.js dispatches to a route module; any other reaches a route only to fail. */
export const ROUTE_HANDLER_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;

const EXPORTED_METHOD = new RegExp(`^export\\s+(?:const|(?:async\\s+)?function)\\s+(${ROUTE_HANDLER_METHODS.join("|")})\\b`, "gm");

/** The methods a route module answers: those it exports, HEAD with GET, and OPTIONS (Next.js implements both). */
export function methodsOfRouteSource(source: string): string[] {
  const exported = new Set([...source.matchAll(EXPORTED_METHOD)].map((match) => match[1]!));
  if (exported.has("GET")) exported.add("HEAD");
  exported.add("OPTIONS");
  return ROUTE_HANDLER_METHODS.filter((method) => exported.has(method));
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

/** Every route under src/app/api as its URL pattern (dynamic segments as written, e.g. /api/events/[id]/ics) and its methods. */
export function apiRouteMethods(root = process.cwd()): Record<string, string[]> {
  const apiDir = path.join(root, "src/app/api");
  const table: Record<string, string[]> = {};
  for (const file of routeFiles(apiDir).sort()) {
    const pattern = "/api/" + path.relative(apiDir, path.dirname(file)).split(path.sep).join("/");
    table[pattern] = methodsOfRouteSource(readFileSync(file, "utf8"));
  }
  return table;
}
