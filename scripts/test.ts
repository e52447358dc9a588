// npm test - lint, type check, unit tests, production build, integration tests and browser tests.
// `npm test -- unit` (or lint, types, build, integration, e2e) runs only the named steps; integration and
// e2e build first only when there is no build yet, `build` builds anew.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { startFakes } from "../tests/fakes";
import { serverEnv, startTestDatabase, startTestServer, TEST_AUTH_SECRET } from "../tests/support/stack";

const ALL_STEPS = ["lint", "types", "unit", "build", "integration", "e2e"] as const;
type Step = (typeof ALL_STEPS)[number];

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (exit ${code})`)),
    );
  });
}

const bin = (name: string) => path.join(process.cwd(), "node_modules/.bin", name);

async function timed(label: string, work: () => Promise<void>) {
  const started = Date.now();
  console.log(`\n=== ${label} ===`);
  await work();
  console.log(`=== ${label}: passed in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
}

async function main() {
  const isStep = (a: string): a is Step => (ALL_STEPS as readonly string[]).includes(a);
  const requested = process.argv.slice(2).filter(isStep);
  // Anything else narrows the test runners, e.g. `npm test -- e2e public-site` (a file name pattern).
  const filters = process.argv.slice(2).filter((a) => !isStep(a));
  const steps = new Set<Step>(requested.length ? requested : ALL_STEPS);

  if (steps.has("lint")) {
    await timed("lint", () => run(bin("eslint"), ["."]));
    await timed("formatting", () => run(bin("prettier"), ["--check", "--log-level", "warn", "."]));
    // No import circles: madge reads .madgerc (type-only imports do not count).
    await timed("import circles", () => run(bin("madge"), ["--circular", "--no-spinner", "src"]));
  }
  if (steps.has("types"))
    await timed("type check", () => run(bin("next"), ["typegen"]).then(() => run(bin("tsc"), ["--noEmit"])));
  if (steps.has("unit")) await timed("unit tests", () => run(bin("jest"), filters, { JEST_PROJECT: "unit" }));
  if (!steps.has("build") && !steps.has("integration") && !steps.has("e2e")) return;

  const database = await startTestDatabase("test-postgres");
  const fakes = await startFakes();
  let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
  try {
    const env = serverEnv(database.url, fakes.env);
    if (steps.has("build") || !existsSync(".next/BUILD_ID"))
      await timed("production build", () => run(bin("next"), ["build"], env));
    server = await startTestServer(env, ".data/test-logs/server.log");
    fakes.setAppUrl(server.baseUrl);
    const testEnv = {
      ...fakes.env,
      TEST_BASE_URL: server.baseUrl,
      TEST_DATABASE_URL: database.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      DATABASE_URL: database.url,
    };
    // --forceExit: once every file has run, Jest ends even if a handle outlives the tests (a full run
    // was seen waiting on one after every test had passed); a hang must never stall CI.
    if (steps.has("integration"))
      await timed("integration tests", () =>
        run(bin("jest"), ["--runInBand", "--forceExit", ...filters], { ...testEnv, JEST_PROJECT: "integration" }),
      );
    // The browser tests' helpers load a few server modules (the Stripe catalogue), which import
    // "server-only": that package is empty under the react-server condition, as in Next.js' server.
    if (steps.has("e2e"))
      await timed("browser tests", () =>
        run(bin("playwright"), ["test", ...filters], { ...testEnv, NODE_OPTIONS: "--conditions=react-server" }),
      );
  } finally {
    await server?.stop();
    await fakes.stop();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`\n${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
