import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { apiRouteMethods } from "../../scripts/lib/route-methods.mjs";

export { apiRouteMethods };

export interface DeclaredRoute {
  method: string;
  /** The URL with dynamic segments filled with sample values. */
  path: string;
  /** The URL with its dynamic segments as written in the folder names, e.g. /api/forum/topics/[id]. */
  pattern: string;
  access: string;
  /** Whether the route declares a body, query or params schema in its apiRoute options. */
  reads: { body: boolean; query: boolean; params: boolean };
  file: string;
}

const API_DIR = path.join(process.cwd(), "src/app/api");
const APP_DIR = path.join(process.cwd(), "src/app");

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return filesNamed(full, name);
    return entry === name ? [full] : [];
  });
}

/**
 * Every API handler declared with apiRoute({ access: ... }), read from the source, so that the
 * access-control and hostile-input tests cover new routes without anyone remembering to list them.
 */
export function declaredRoutes(): DeclaredRoute[] {
  return filesNamed(API_DIR, "route.ts").flatMap((file) => {
    const source = readFileSync(file, "utf8");
    const pattern = "/api/" + path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
    const samplePath = pattern.replace(/\[[^\]]+\]/g, "1");
    return [
      ...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = apiRoute\(\s*\{\s*access:\s*([A-Za-z_(")]+)/g),
    ].map((match) => {
      // The options object runs from `access:` to the handler, apiRoute's second argument.
      const rest = source.slice(match.index);
      const options = rest.slice(0, rest.search(/\},\s*(async\b|\(|[A-Za-z_]+\))/));
      return {
        method: match[1]!,
        access: match[2]!,
        path: samplePath,
        pattern,
        reads: { body: /\bbody:/.test(options), query: /\bquery:/.test(options), params: /\bparams:/.test(options) },
        file: path.relative(process.cwd(), file),
      };
    });
  });
}

export interface DeclaredPage {
  /** The URL pattern without route groups, e.g. /forum/topic/[slug]. */
  pattern: string;
  file: string;
}

/** Every page in the app (src/app/**\/page.tsx), so that the page-access walk covers new ones. */
export function declaredPages(): DeclaredPage[] {
  return filesNamed(APP_DIR, "page.tsx")
    .filter((file) => !file.startsWith(API_DIR))
    .map((file) => {
      const segments = path
        .relative(APP_DIR, path.dirname(file))
        .split(path.sep)
        .filter((s) => s && !/^\(.*\)$/.test(s));
      return { pattern: "/" + segments.join("/"), file: path.relative(process.cwd(), file) };
    });
}
