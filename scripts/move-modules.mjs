// Moves modules and rewrites every import of them, so that a move changes no behaviour and no import is
// edited by hand (docs/decisions/039-three-floors.md). Usage:
//   node scripts/move-modules.mjs src/old/a.ts=src/new/a.ts [src/old/b.ts=src/new/b.ts ...]
// An import written `@/...` stays `@/...`; a relative one stays relative while it stays in its folder. The paths named in comments
// and in docs (outside docs/decisions, which are a record of their time) follow the move too.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
const args = process.argv.slice(2);
const moves = new Map(
  args.map((pair) => {
    const [from, to] = pair.split("=");
    if (!from || !to) throw new Error(`Expected old=new, got ${pair}`);
    return [path.normalize(from), path.normalize(to)];
  }),
);

const CODE = /\.(ts|tsx|mjs|js)$/;
const TEXT = /\.(ts|tsx|mjs|js|md|json)$/;
const SKIP = new Set(["node_modules", ".next", ".data", ".git", "test-results", "playwright-report"]);

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(rel, out);
    else out.push(rel);
  }
  return out;
}

const files = ["src", "tests", "scripts", "bench", "docs"]
  .filter((d) => fs.existsSync(path.join(root, d)))
  .flatMap((d) => walk(d))
  .concat(fs.readdirSync(root).filter((f) => TEXT.test(f) && fs.statSync(path.join(root, f)).isFile()));

function resolve(fromFile, spec) {
  let base;
  if (spec.startsWith("@/")) base = path.join("src", spec.slice(2));
  else if (spec.startsWith(".")) base = path.join(path.dirname(fromFile), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.tsx`])
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile())
      return path.normalize(candidate);
  return null;
}

function specFor(fromFile, target, original) {
  const keepExtension = /\.(mjs|js|json)$/.test(original);
  let without = keepExtension ? target : target.replace(/\.(ts|tsx)$/, "");
  if (!keepExtension && !/\/index$/.test(original)) without = without.replace(/\/index$/, "");
  const rel = path.relative(path.dirname(fromFile), without);
  // Within a folder an import stays relative; one that now leaves the folder names the module whole.
  const insideSrc = !path.relative("src", without).startsWith("..");
  if (original.startsWith("@/") || (rel.startsWith("..") && insideSrc && fromFile.startsWith("src/")))
    return `@/${path.relative("src", without)}`;
  return rel.startsWith(".") ? rel : `./${rel}`;
}

const SPECIFIER = /((?:from|import|require|mock|requireActual)\s*\(?\s*)(["'])([^"']+)\2/g;
let rewritten = 0;
for (const file of files) {
  if (!CODE.test(file)) continue;
  const newFile = moves.get(file) ?? file;
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const next = text.replace(SPECIFIER, (whole, lead, quote, spec) => {
    const target = resolve(file, spec);
    if (!target) return whole;
    const movedTarget = moves.get(target) ?? target;
    if (movedTarget === target && newFile === file) return whole;
    if (movedTarget === target && !spec.startsWith(".")) return whole;
    return `${lead}${quote}${specFor(newFile, movedTarget, spec)}${quote}`;
  });
  if (next !== text) {
    fs.writeFileSync(path.join(root, file), next);
    rewritten++;
  }
}

// Paths named in prose: comments and docs (not the decisions, which record their time).
const named = [...moves].map(([from, to]) => [
  from,
  to,
  from.replace(/\.(ts|tsx)$/, ""),
  to.replace(/\.(ts|tsx)$/, ""),
]);
for (const file of files) {
  if (!TEXT.test(file) || file.startsWith("docs/decisions/")) continue;
  const text = fs.readFileSync(path.join(root, file), "utf8");
  let next = text;
  for (const [from, to] of named) next = next.split(from).join(to);
  if (next !== text) fs.writeFileSync(path.join(root, file), next);
}

for (const [from, to] of moves) {
  fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
  execFileSync("git", ["mv", from, to], { cwd: root });
}
console.log(`${moves.size} modules moved, imports rewritten in ${rewritten} files`);
