import { spawnSync } from "node:child_process";
import path from "node:path";

// The lint's rule for comments (eslint-rules/comments-in-place.mjs): each refusal shown, and a comment
// that says its why in place or names a decision record let through.

const root = path.resolve(__dirname, "..");

function lint(cases: Array<{ filePath: string; code: string }>): Record<string, string[]> {
  const run = spawnSync(process.execPath, [path.join(root, "tests/support/lint-text.mjs"), JSON.stringify(cases)], {
    cwd: root,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(run.stderr);
  const results = JSON.parse(run.stdout) as Record<string, Array<{ rule: string }>>;
  return Object.fromEntries(Object.entries(results).map(([file, messages]) => [file, messages.map((m) => m.rule)]));
}

const fixture = (name: string, comment: string) => ({
  filePath: `src/lib/fixture-${name}.ts`,
  code: `${comment}\nexport const fixture = 1;\n`,
});

it("refuses a comment naming an issue, a spec document or decisions.md, and lets the why through", () => {
  const cases = [
    fixture("issue", "// Ten a minute (issue 24 item 8)."),
    fixture("spec", "/** Spec 02 section 5: an empty comment is refused. */"),
    fixture("decisions", "// As decisions.md resolves it."),
    fixture("why", "// Ten a minute: a scanner gives up long before (docs/decisions/026-hostile-input.md)."),
  ];
  const rules = lint(cases);
  expect(cases.map((c) => rules[c.filePath])).toEqual([
    ["house/comments-in-place"],
    ["house/comments-in-place"],
    ["house/comments-in-place"],
    [],
  ]);
}, 60_000);
