import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// `server-only` throws outside React Server Components; in tests the modules run as plain Node.
const moduleNameMapper = { "^server-only$": "<rootDir>/tests/support/empty-module.js", "^@/(.*)$": "<rootDir>/src/$1" };

const unit = {
  displayName: "unit",
  testEnvironment: "node",
  testMatch: ["<rootDir>/src/**/*.test.ts", "<rootDir>/src/**/*.test.tsx"],
  moduleNameMapper,
};

// scripts/test.ts runs the integration files a few at a time, each Jest worker on a stack of its own
// (server, database, fakes: tests/support/stack-environment.mjs) and with ports of its own
// (tests/support/free-port.ts); the files that time the app's answers run alone after them
// (docs/decisions/038-a-faster-suite.md).
const integration = {
  displayName: "integration",
  testEnvironment: "<rootDir>/tests/support/stack-environment.mjs",
  testSequencer: "<rootDir>/tests/support/slowest-first.mjs",
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
  moduleNameMapper: {
    "^(\\.\\./)+scripts/lib/free-port$": "<rootDir>/tests/support/free-port.ts",
    ...moduleNameMapper,
  },
};

const project = process.env.JEST_PROJECT === "integration" ? integration : unit;

// Packages published only as ES modules (the Markdown parser behind react-markdown) are compiled for Jest.
const esmPackages = [
  "mdast-util-.*",
  "micromark.*",
  "unist-util-.*",
  "decode-named-character-reference",
  "character-entities.*",
  "devlop",
  // The HTML writer of cooked posts (src/lib/markdown/cook.ts) and what it uses.
  "hast-util-.*",
  "ccount",
  "comma-separated-tokens",
  "html-void-elements",
  "property-information",
  "space-separated-tokens",
  "stringify-entities",
  "zwitch",
  "trim-lines",
  "vfile.*",
  "@ungap/structured-clone",
];

export default async function config() {
  const base = await createJestConfig({
    ...project,
    testTimeout: 30_000,
    modulePathIgnorePatterns: ["<rootDir>/.next/", "<rootDir>/.data/"],
  })();
  const ignored = base.transformIgnorePatterns.map((pattern) =>
    pattern.includes("node_modules") ? `/node_modules/(?!(${esmPackages.join("|")})/)` : pattern,
  );
  return { ...base, transformIgnorePatterns: ignored };
}
