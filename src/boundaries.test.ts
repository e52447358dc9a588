import { spawnSync } from "node:child_process";
import path from "node:path";

// The layers of docs/architecture.md are kept by the lint step of `npm test` (eslint.config.mjs and
// madge with .madgerc). These fixtures show that each rule refuses what it is there to refuse.

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

describe("the layers' lint", () => {
  const fixtures = {
    component: {
      filePath: "src/components/fixture/uses-session.tsx",
      code: 'import { getCurrentUser } from "@/server/auth/current-user";\nexport const Fixture = () => String(getCurrentUser);\n',
    },
    componentTypeOnly: {
      filePath: "src/components/fixture/typed.tsx",
      code: 'import type { SessionUser } from "@/lib/auth/session-user";\nexport const Fixture = (user: SessionUser) => user.id;\n',
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
    // What the rules allow, so that a rule that refuses everything fails here too.
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

  it("refuses a module under src/server without server-only", () => {
    expect(broken[fixtures.serverWithoutServerOnly.filePath]).toEqual([
      { rule: "no-restricted-syntax", message: 'A module under src/server starts with import "server-only".' },
    ]);
  });

  it("lets each layer import what it may", () => {
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
