/**
 * Admin rights were checked with `isAdmin` alone in several places (private profile fields,
 * files, the forum's tier filter, comment deletion, permissions), so an administrator whose session
 * had not passed two-factor sign-in could use them. One rule in access.ts decides "acts as an admin";
 * this test reads every file under src/server and src/app with the TypeScript compiler and fails on
 * any read of the signed-in user's `isAdmin` or `permissions` outside access.ts. Reads of other
 * things that happen to have those names (a member's row an admin edits, the request body, a
 * database column) are not the signed-in user's, and pass.
 */
import path from "node:path";
import ts from "typescript";

const ROOT = process.cwd();
const SCANNED = ["src/server", "src/app"].map((dir) => path.join(ROOT, dir) + path.sep);
const FLAGS = new Set(["isAdmin", "permissions"]);
/** Where the signed-in user's flags are declared: SessionUser, and the subjects of the access rules. */
const DECLARED_IN = ["src/lib/auth/session-user.ts", "src/lib/auth/access.ts"].map((file) => path.join(ROOT, file));
/** A planted read, so that the test shows it finds one (a scan that cannot fail proves nothing). */
const PROBE = path.join(ROOT, "src/server/admin-rule-probe.ts");
const PROBE_SOURCE = `import type { SessionUser } from "@/lib/auth/session-user";
export const probe = (user: Pick<SessionUser, "isAdmin" | "permissions">) => user.isAdmin || user["permissions"].manage_content;
export function destructured({ isAdmin }: SessionUser) { return isAdmin; }
`;

function buildProgram(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  const roots = config.fileNames.filter(
    (file) => SCANNED.some((dir) => file.startsWith(dir)) && !/\.test\.tsx?$/.test(file),
  );
  const options = { ...config.options, noEmit: true, incremental: false };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    path.resolve(fileName) === PROBE
      ? ts.createSourceFile(fileName, PROBE_SOURCE, languageVersion, true)
      : getSourceFile(fileName, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === PROBE || fileExists(fileName);
  return ts.createProgram([...roots, PROBE], options, host);
}

/** Whether a property symbol is (or is mapped from, as through Pick) one of the signed-in user's flags. */
function isUserFlag(symbol: ts.Symbol | undefined): boolean {
  if (!symbol || !FLAGS.has(symbol.getName())) return false;
  return (symbol.declarations ?? []).some((declaration) =>
    DECLARED_IN.includes(path.resolve(declaration.getSourceFile().fileName)),
  );
}

function flagReads(program: ts.Program): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of program.getSourceFiles()) {
    const fileName = path.resolve(file.fileName);
    if (!SCANNED.some((dir) => fileName.startsWith(dir))) continue;
    const report = (node: ts.Node, text: string) => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${path.relative(ROOT, fileName)}:${line + 1}: ${text}`);
    };
    const visit = (node: ts.Node) => {
      if (
        ts.isPropertyAccessExpression(node) &&
        FLAGS.has(node.name.text) &&
        isUserFlag(checker.getSymbolAtLocation(node.name))
      ) {
        report(node, node.getText(file));
      } else if (
        ts.isElementAccessExpression(node) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        FLAGS.has(node.argumentExpression.text)
      ) {
        const property = checker.getTypeAtLocation(node.expression).getProperty(node.argumentExpression.text);
        if (isUserFlag(property)) report(node, node.getText(file));
      } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        const name = node.propertyName ?? node.name;
        if (
          ts.isIdentifier(name) &&
          FLAGS.has(name.text) &&
          isUserFlag(checker.getTypeAtLocation(node.parent).getProperty(name.text))
        )
          report(node, `{ ${node.getText(file)} }`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

it("finds no read of the signed-in user's isAdmin or permissions in src/server and src/app, only the rules of src/lib/auth/access.ts", () => {
  const found = flagReads(buildProgram());
  const probe = path.relative(ROOT, PROBE);
  // The planted reads are found: the property, the element access and the destructured parameter.
  expect(found.filter((line) => line.startsWith(probe))).toEqual([
    `${probe}:2: user.isAdmin`,
    `${probe}:2: user["permissions"]`,
    `${probe}:3: { isAdmin }`,
  ]);
  // Anything else decides admin rights apart from actsAsAdmin, hasPermission and holdsAdminRole.
  expect(found.filter((line) => !line.startsWith(probe))).toEqual([]);
}, 180_000);
