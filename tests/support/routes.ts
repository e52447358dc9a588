import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export interface DeclaredRoute {
  method: string;
  /** The URL with dynamic segments filled with sample values. */
  path: string;
  access: string;
  file: string;
}

const API_DIR = path.join(process.cwd(), "src/app/api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

/**
 * Every API handler declared with apiRoute({ access: ... }), read from the source, so that the
 * access-control tests cover new routes without anyone remembering to list them.
 */
export function declaredRoutes(): DeclaredRoute[] {
  return routeFiles(API_DIR).flatMap((file) => {
    const source = readFileSync(file, "utf8");
    const urlPath =
      "/api/" +
      path
        .relative(API_DIR, path.dirname(file))
        .split(path.sep)
        .map((segment) => (segment.startsWith("[") ? "1" : segment))
        .join("/");
    return [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = apiRoute\(\s*\{\s*access:\s*([A-Za-z_(")]+)/g)].map((match) => ({
      method: match[1]!,
      access: match[2]!,
      path: urlPath,
      file: path.relative(process.cwd(), file),
    }));
  });
}
