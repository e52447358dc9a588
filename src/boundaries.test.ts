import { spawnSync } from "node:child_process";
import path from "node:path";
import madge from "madge";

// The layers of docs/architecture.md are kept by the lint step of `npm test` (eslint.config.mjs and
// madge with .madgerc), and the floors of src/server (src/server/floors.mjs) by the lint and by the
// folder ties below. These fixtures show that each rule refuses what it is there to refuse.

const root = path.resolve(__dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

type Broken = Record<string, Array<{ rule: string; message: string }>>;

function lint(cases: Array<{ filePath: string; code: string }>): Broken {
  const run = spawnSync(process.execPath, [path.join(root, "tests/support/lint-text.mjs"), JSON.stringify(cases)], {
    cwd: root,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Broken;
}

function circles(folder: string): string[][] {
  const run = spawnSync(bin("madge"), ["--circular", "--json", "--no-spinner", folder], {
    cwd: root,
    encoding: "utf8",
  });
  return JSON.parse(run.stdout) as string[][];
}

/**
 * The pairs of folders (a top-level file is a folder of its own) under `folder` that import each other,
 * type-only imports included: a tie is a tie to whoever reads the code. Tests are left out.
 */
async function folderTies(folder: string): Promise<string[][]> {
  const skipTypeImports = false;
  const graph = (
    await madge(path.join(root, folder), {
      fileExtensions: ["ts", "tsx"],
      tsConfig: path.join(root, "tsconfig.json"),
      detectiveOptions: { ts: { skipTypeImports }, tsx: { skipTypeImports } },
    })
  ).obj();
  const folderOf = (file: string) => (file.startsWith("..") ? null : file.split("/")[0]!.replace(/\.tsx?$/, ""));
  const arrows = new Set<string>();
  for (const [file, imports] of Object.entries(graph)) {
    const from = folderOf(file);
    if (!from || /\.test\.tsx?$/.test(file)) continue;
    for (const imported of imports) {
      const to = folderOf(imported);
      if (to && to !== from) arrows.add(`${from} ${to}`);
    }
  }
  return [...arrows]
    .map((arrow) => arrow.split(" "))
    .filter(([from, to]) => from! < to! && arrows.has(`${to} ${from}`))
    .sort();
}

describe("the layers' lint", () => {
  const fixtures = {
    component: {
      filePath: "src/components/fixture/uses-session.tsx",
      code: 'import { getCurrentUser } from "@/server/auth/current-user";\nexport const Fixture = () => String(getCurrentUser);\n',
    },
    componentTypeOnly: {
      filePath: "src/components/fixture/typed.tsx",
      code: 'import type { SessionUser } from "@/server/auth/sessions";\nexport const Fixture = (user: SessionUser) => user.id;\n',
    },
    hook: {
      filePath: "src/hooks/use-fixture.ts",
      code: 'import { db } from "../db";\nexport const useFixture = () => db;\n',
    },
    clientInApp: {
      filePath: "src/app/fixture/panel.tsx",
      code: '"use client";\nimport { listTopics } from "@/server/forum/queries";\nexport const Panel = () => String(listTopics);\n',
    },
    page: {
      filePath: "src/app/fixture/page.tsx",
      code: 'import { db } from "@/db";\nexport default async function Page() {\n  return String(db);\n}\n',
    },
    routeHandler: {
      filePath: "src/app/api/fixture/route.ts",
      code: 'import { users } from "@/db/schema";\nexport const GET = () => Response.json(Object.keys(users));\n',
    },
    lib: {
      filePath: "src/lib/fixture.ts",
      code: 'import { getCurrentUser } from "@/server/auth/current-user";\nexport const fixture = getCurrentUser;\n',
    },
    shared: {
      filePath: "src/features/fixture/constants.ts",
      code: 'import { TIER_IDS } from "@/db/schema";\nexport const FIXTURE = TIER_IDS;\n',
    },
    destructiveToastByHand: {
      filePath: "src/components/fixture/fails.tsx",
      code: 'import { toast } from "@/hooks/use-toast";\nexport const fail = () => toast({ title: "Failed", variant: "destructive" });\n',
    },
    destructiveToastInHook: {
      filePath: "src/hooks/use-fixture-fails.ts",
      code: 'import { toast } from "./use-toast";\nexport const fail = () => toast({ title: "Failed", variant: "destructive" });\n',
    },
    failureToast: {
      filePath: "src/components/fixture/fails-ok.tsx",
      code: 'import { toast, toastError } from "@/hooks/use-toast";\nexport const tell = () => [toast({ title: "Saved" }), toastError("Failed")];\n',
    },
    rawSelect: {
      filePath: "src/components/fixture/chooses.tsx",
      code: "export const Choose = () => <select><option>One</option></select>;\n",
    },
    nativeSelect: {
      filePath: "src/components/fixture/chooses-ok.tsx",
      code: 'import { NativeSelect } from "@/components/ui/native-select";\nexport const Choose = () => <NativeSelect><option>One</option></NativeSelect>;\n',
    },
    adminPageWithoutCheck: {
      filePath: "src/app/(app)/admin/(panel)/fixture/page.tsx",
      code: 'import { listAudit } from "@/server/audit";\nexport default async function Page() {\n  return String(listAudit);\n}\n',
    },
    adminPage: {
      filePath: "src/app/(app)/admin/(panel)/fixture/ok/page.tsx",
      code: 'import { ADMIN } from "@/lib/auth/access";\nimport { requirePageAccess } from "@/server/auth/current-user";\nexport default async function Page() {\n  return String((await requirePageAccess(ADMIN)).id);\n}\n',
    },
    serverWithoutServerOnly: {
      filePath: "src/server/fixture/index.ts",
      code: 'import { db } from "@/db";\nexport const fixture = db;\n',
    },
    // The floors of src/server (src/server/floors.mjs).
    platformImportsFeature: {
      filePath: "src/server/email/fixture.ts",
      code: 'import "server-only";\nimport { listTopics } from "@/server/forum/queries";\nexport const fixture = listTopics;\n',
    },
    platformModuleImportsFeature: {
      filePath: "src/server/pagination.ts",
      code: 'import "server-only";\nimport { lockMembership } from "@/server/money";\nexport const fixture = lockMembership;\n',
    },
    platformImportsRuntime: {
      filePath: "src/server/jobs/fixture.ts",
      code: 'import "server-only";\nimport { startJobWorkers } from "@/server/runtime/worker";\nexport const fixture = startJobWorkers;\n',
    },
    featureInsideAnother: {
      filePath: "src/server/forum/fixture.ts",
      code: 'import "server-only";\nimport { lockMembership } from "@/server/money/locks";\nexport const fixture = lockMembership;\n',
    },
    featureImportsRuntime: {
      filePath: "src/server/forum/fixture-runtime.ts",
      code: 'import "server-only";\nimport { wireFeatures } from "@/server/runtime/wiring";\nexport const fixture = wireFeatures;\n',
    },
    // What the rules allow, so that a rule that refuses everything fails here too.
    platformUsingPlatform: {
      filePath: "src/server/email/fixture-ok.ts",
      code: 'import "server-only";\nimport { readSiteSettings } from "@/server/settings";\nexport const fixture = readSiteSettings;\n',
    },
    featureThroughIndex: {
      filePath: "src/server/forum/fixture-ok.ts",
      code: 'import "server-only";\nimport { lockMembership } from "@/server/money";\nimport { recordAudit } from "@/server/audit";\nexport const fixture = [lockMembership, recordAudit];\n',
    },
    runtimeWiringFeatures: {
      filePath: "src/server/runtime/fixture.ts",
      code: 'import "server-only";\nimport { inviteIfReady } from "@/server/applications/invitations";\nimport { lockMembership } from "@/server/money/locks";\nexport const fixture = [inviteIfReady, lockMembership];\n',
    },
    serverModule: {
      filePath: "src/server/fixture/ok.ts",
      code: 'import "server-only";\nimport { db } from "@/db";\nexport const fixture = db;\n',
    },
    componentUsingFeatures: {
      filePath: "src/components/fixture/ok.tsx",
      code: 'import { TIER_IDS } from "@/features/membership/constants";\nexport const Fixture = () => TIER_IDS.join();\n',
    },
    pageUsingServer: {
      filePath: "src/app/fixture/ok/page.tsx",
      code: 'import { listTiers } from "@/server/public-site";\nexport default async function Page() {\n  return String((await listTiers()).length);\n}\n',
    },
  };
  let broken: Broken;
  beforeAll(() => {
    broken = lint(Object.values(fixtures));
  }, 60_000);
  const rulesOf = (name: keyof typeof fixtures) => broken[fixtures[name].filePath]!.map((m) => m.rule);

  it("refuses a component or hook that imports src/server or src/db, even for a type", () => {
    expect(rulesOf("component")).toEqual(["import/no-restricted-paths"]);
    expect(rulesOf("componentTypeOnly")).toEqual(["import/no-restricted-paths"]);
    expect(rulesOf("hook")).toEqual(["import/no-restricted-paths"]);
    expect(rulesOf("clientInApp")).toEqual(["no-restricted-syntax"]);
  });

  it("refuses a page or route handler that imports src/db", () => {
    expect(rulesOf("page")).toEqual(["import/no-restricted-paths"]);
    expect(rulesOf("routeHandler")).toEqual(["import/no-restricted-paths"]);
  });

  it("refuses src/lib or src/features importing src/server or src/db", () => {
    expect(rulesOf("lib")).toEqual(["import/no-restricted-paths"]);
    expect(rulesOf("shared")).toEqual(["import/no-restricted-paths"]);
  });

  it("refuses an admin page that does not check its viewer itself", () => {
    expect(broken[fixtures.adminPageWithoutCheck.filePath]).toEqual([
      {
        rule: "no-restricted-syntax",
        message: "An admin page calls requirePageAccess itself and passes the viewer to its data functions.",
      },
    ]);
    expect(rulesOf("adminPage")).toEqual([]);
  });

  it("refuses a destructive toast written by hand, in a component or a hook", () => {
    const byHand = {
      rule: "no-restricted-syntax",
      message: 'A failure is told one way: toastError(title, description) from "@/hooks/use-toast".',
    };
    expect(broken[fixtures.destructiveToastByHand.filePath]).toEqual([byHand]);
    expect(broken[fixtures.destructiveToastInHook.filePath]).toEqual([byHand]);
    expect(rulesOf("failureToast")).toEqual([]);
  });

  it("refuses a hand-styled select in a component", () => {
    expect(broken[fixtures.rawSelect.filePath]).toEqual([
      {
        rule: "no-restricted-syntax",
        message:
          'A choice among fixed options is NativeSelect from "@/components/ui/native-select": one look for every select.',
      },
    ]);
    expect(rulesOf("nativeSelect")).toEqual([]);
  });

  it("refuses a module under src/server without server-only", () => {
    expect(broken[fixtures.serverWithoutServerOnly.filePath]).toEqual([
      { rule: "no-restricted-syntax", message: 'A module under src/server starts with import "server-only".' },
    ]);
  });

  it("refuses a platform module that imports a feature or the runtime", () => {
    expect(broken[fixtures.platformImportsFeature.filePath]).toEqual([
      {
        rule: "import/no-restricted-paths",
        message:
          'Unexpected path "@/server/forum/queries" imported in restricted zone. The platform (src/server/floors.mjs) imports no feature and not the runtime: a feature hands it what it needs (a hook the runtime registers, a job; docs/decisions/039-three-floors.md).',
      },
    ]);
    expect(rulesOf("platformModuleImportsFeature")).toEqual(["import/no-restricted-paths"]);
    // Both walls: the platform imports no feature, and nothing but the runtime's own files import it.
    expect(rulesOf("platformImportsRuntime")).toEqual(["import/no-restricted-paths", "import/no-restricted-paths"]);
  });

  it("refuses a feature that reaches inside another feature, or imports the runtime", () => {
    expect(broken[fixtures.featureInsideAnother.filePath]).toEqual([
      {
        rule: "import/no-restricted-paths",
        message:
          'Unexpected path "@/server/money/locks" imported in restricted zone. A feature reaches another feature only through its index.ts (src/server/floors.mjs).',
      },
    ]);
    expect(rulesOf("featureImportsRuntime")).toEqual(["import/no-restricted-paths"]);
  });

  it("lets each layer import what it may", () => {
    expect(rulesOf("platformUsingPlatform")).toEqual([]);
    expect(rulesOf("featureThroughIndex")).toEqual([]);
    expect(rulesOf("runtimeWiringFeatures")).toEqual([]);
    expect(rulesOf("serverModule")).toEqual([]);
    expect(rulesOf("componentUsingFeatures")).toEqual([]);
    expect(rulesOf("pageUsingServer")).toEqual([]);
  });
});

describe("the import circle check", () => {
  it("finds a circle, and not one made only of type imports", () => {
    expect(circles("tests/fixtures/import-circle/circle")).toEqual([["a.ts", "b.ts"]]);
    expect(circles("tests/fixtures/import-circle/types-only")).toEqual([]);
  }, 60_000);
});

describe("the folders of src/server", () => {
  it("finds two folders that import each other, a type import included", async () => {
    expect(await folderTies("tests/fixtures/folder-ties/tied")).toEqual([["alpha", "beta"]]);
    expect(await folderTies("tests/fixtures/folder-ties/one-way")).toEqual([]);
  }, 60_000);

  // Two folders that import each other are one thing in two places: neither can be read, tested or
  // changed alone. A pair that must stay is listed here and explained in docs/architecture.md.
  it("has no two folders that import each other", async () => {
    expect(await folderTies("src/server")).toEqual([]);
  }, 120_000);
});
