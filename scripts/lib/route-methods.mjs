import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The HTTP methods each API route serves, read from its route.ts when the server starts
// (scripts/serve.mjs), so that a method a route does not serve is answered 405 with an Allow header
// that names the ones it does (src/lib/http/request-guard.mjs). Next.js's own 405 carries no Allow.

/** The methods Next.js dispatches to a route module; any other reaches a route only to fail. */
export const ROUTE_HANDLER_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];

const EXPORTED_METHOD = new RegExp(
  `^export\\s+(?:const|(?:async\\s+)?function)\\s+(${ROUTE_HANDLER_METHODS.join("|")})\\b`,
  "gm",
);

/**
 * The methods a route module answers: those it exports, HEAD with GET, and OPTIONS (Next.js implements both).
 * @param {string} source
 * @returns {string[]}
 */
export function methodsOfRouteSource(source) {
  const exported = new Set([...source.matchAll(EXPORTED_METHOD)].map((match) => match[1]));
  if (exported.has("GET")) exported.add("HEAD");
  exported.add("OPTIONS");
  return ROUTE_HANDLER_METHODS.filter((method) => exported.has(method));
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function routeFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

/**
 * Every route under src/app/api as its URL pattern (dynamic segments as written, e.g. /api/events/[id]/ics) and its methods.
 * @returns {Record<string, string[]>}
 */
export function apiRouteMethods(root = process.cwd()) {
  const apiDir = path.join(root, "src/app/api");
  /** @type {Record<string, string[]>} */
  const table = {};
  for (const file of routeFiles(apiDir).sort()) {
    const pattern = "/api/" + path.relative(apiDir, path.dirname(file)).split(path.sep).join("/");
    table[pattern] = methodsOfRouteSource(readFileSync(file, "utf8"));
  }
  return table;
}
