import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import madge from "madge";
import { pageRuleFor } from "@/lib/auth/access";

// What a public page's browser code imports as it loads (docs/decisions/033-script-hashes-for-prerendered-pages.md):
// never the schema library, which every schema takes from src/lib/validation.ts (eslint.config.mjs).
// A form loads its schema with the form (src/lib/schema-resolver.ts: a dynamic import, which this
// walk does not follow, as the browser does not load it with the page). The bench's Lighthouse run
// (npm run bench -- public-site) measures the rest.

const root = path.resolve(__dirname, "..");
const appDir = path.join(root, "src/app");
const VALIDATION = "src/lib/validation.ts";
/**
 * Public pages whose code may load the schema library. /chat: the assistant's panel takes its limits
 * from its schema module (src/features/assistant/schemas.ts), which its own change moves.
 */
const ALLOWED: Record<string, string> = { "/chat": "the assistant's panel" };

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === "api" ? [] : pageFiles(full);
    return entry === "page.tsx" ? [full] : [];
  });
}

/** The page's address, its route groups left out and its dynamic segments filled. */
const addressOf = (file: string) =>
  "/" +
  path
    .relative(appDir, path.dirname(file))
    .split(path.sep)
    .filter((segment) => segment && !/^\(.*\)$/.test(segment))
    .map((segment) => segment.replace(/^\[.*\]$/, "x"))
    .join("/");

/** The layouts above a page, outermost first. */
function layoutsOf(file: string): string[] {
  const layouts: string[] = [];
  for (let dir = path.dirname(file); dir.startsWith(appDir); dir = path.dirname(dir)) {
    const layout = path.join(dir, "layout.tsx");
    if (statSync(dir).isDirectory() && readdirSync(dir).includes("layout.tsx")) layouts.unshift(layout);
  }
  return layouts;
}

const isClient = (file: string) => /^\s*["']use client["']/.test(readFileSync(path.join(root, file), "utf8"));

type Graph = Record<string, string[]>;

/** What each module imports as it loads (dynamic imports, which load later, left out). */
async function importGraph(entries: string[]): Promise<Graph> {
  return (
    await madge(entries, {
      baseDir: root,
      fileExtensions: ["ts", "tsx", "mjs"],
      tsConfig: path.join(root, "tsconfig.json"),
      detectiveOptions: {
        ts: { skipTypeImports: true, skipAsyncImports: true },
        tsx: { skipTypeImports: true, skipAsyncImports: true },
      },
    })
  ).obj();
}

/** The browser's part of what `entries` import as they load: everything a "use client" module reaches. */
function browserModules(graph: Graph, entries: string[]): Map<string, string> {
  // Each browser module with the one that brought it in, to name the path in a failure.
  const browser = new Map<string, string>();
  const queue: Array<[file: string, from: string, inBrowser: boolean]> = entries.map((e) => [
    path.relative(root, e),
    "",
    false,
  ]);
  const seen = new Set<string>();
  while (queue.length) {
    const [file, from, above] = queue.shift()!;
    const inBrowser = above || isClient(file);
    if (seen.has(`${file}:${inBrowser}`)) continue;
    seen.add(`${file}:${inBrowser}`);
    if (inBrowser && !browser.has(file)) browser.set(file, from);
    for (const next of graph[file] ?? []) queue.push([next, file, inBrowser]);
  }
  return browser;
}

function pathTo(browser: Map<string, string>, file: string): string {
  const chain = [file];
  for (let from = browser.get(file); from; from = browser.get(from)) chain.unshift(from);
  return chain.join(" -> ");
}

const publicPages = pageFiles(appDir)
  .map((file) => ({ file, address: addressOf(file) }))
  .filter(({ address }) => pageRuleFor(address).kind === "public")
  .sort((a, b) => a.address.localeCompare(b.address));

describe("the code a public page loads", () => {
  let graph: Graph = {};
  beforeAll(async () => {
    graph = await importGraph(publicPages.flatMap(({ file }) => [...layoutsOf(file), file]));
  }, 60_000);

  it("finds the public pages", () => {
    expect(publicPages.length).toBeGreaterThan(25);
  });

  it.each(publicPages.map((p) => [p.address, p.file] as const))(
    "%s: no schema library until a form asks for it",
    (address, file) => {
      const browser = browserModules(graph, [...layoutsOf(file), file]);
      expect(browser.size).toBeGreaterThan(0);
      const loaded = browser.has(VALIDATION) ? pathTo(browser, VALIDATION) : null;
      expect({ address, loaded }).toEqual({ address, loaded: ALLOWED[address] && loaded ? loaded : null });
    },
  );
});
