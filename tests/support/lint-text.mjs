// Lints source texts as if they stood at the given paths under src/, with the project's ESLint
// configuration, and prints the rules each broke as JSON (src/boundaries.test.ts). A separate process:
// ESLint loads eslint.config.mjs as an ES module, which Jest's module system does not.
import { ESLint } from "eslint";

const cases = JSON.parse(process.argv[2]);
const eslint = new ESLint({ cwd: process.cwd() });
const results = {};
for (const { filePath, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath });
  results[filePath] = result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}
console.log(JSON.stringify(results));
