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

const integration = {
  displayName: "integration",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
  moduleNameMapper,
  // Tests share one server and one database; they create their own rows and run one file at a time.
  maxWorkers: 1,
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
