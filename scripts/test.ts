// npm test - lint, type check, unit tests, production build, integration tests and browser tests.
// `npm test -- unit` (or lint, types, build, integration, e2e) runs only the named steps; integration and
// e2e build first only when there is no build yet, `build` builds anew. Each step's time and the total
// are printed at the end (docs/decisions/038-a-faster-suite.md).
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { startFakes } from "../tests/fakes";
import { INTEGRATION_WORKERS, RUN_ALONE } from "../tests/support/integration-groups";
import {
  copyTestDatabase,
  serverEnv,
  startTestDatabase,
  startTestServer,
  TEST_AUTH_SECRET,
} from "../tests/support/stack";

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

const started = Date.now();
const times: { label: string; seconds: number; passed: boolean }[] = [];
const seconds = (since: number) => (Date.now() - since) / 1000;

async function timed(label: string, work: () => Promise<void>) {
  const begun = Date.now();
  console.log(`\n=== ${label} ===`);
  try {
    await work();
  } catch (error) {
    times.push({ label, seconds: seconds(begun), passed: false });
    throw error;
  }
  times.push({ label, seconds: seconds(begun), passed: true });
  console.log(`=== ${label}: passed in ${seconds(begun).toFixed(1)} s ===`);
}

function printTimes() {
  const width = Math.max(5, ...times.map((time) => time.label.length));
  console.log("\n=== times ===");
  for (const time of times)
    console.log(`${time.label.padEnd(width)} ${time.seconds.toFixed(1).padStart(7)} s${time.passed ? "" : "  FAILED"}`);
  console.log(`${"total".padEnd(width)} ${seconds(started).toFixed(1).padStart(7)} s`);
}

/**
 * The integration files the arguments name (file name patterns, as Jest takes them; none: all),
 * split into those that run beside each other and those that run alone (tests/support/integration-groups.ts).
 */
function integrationFiles(patterns: string[]) {
  const all = readdirSync("tests/integration")
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => path.join("tests/integration", name));
  const chosen = patterns.length ? all.filter((file) => patterns.some((p) => new RegExp(p, "i").test(file))) : all;
  if (!chosen.length) throw new Error(`No integration test file matches ${patterns.join(" ")}`);
  const alone = (file: string) => RUN_ALONE.includes(path.basename(file, ".test.ts"));
  return { together: chosen.filter((file) => !alone(file)), alone: chosen.filter(alone) };
}

/** Arguments that are Jest options (-t name, --verbose), apart from the file name patterns. */
function splitArguments(args: string[]) {
  const options: string[] = [];
  const patterns: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("-")) patterns.push(arg);
    else if (["-t", "--testNamePattern"].includes(arg) && i + 1 < args.length) options.push(arg, args[++i]!);
    else options.push(arg);
  }
  return { options, patterns };
}

interface Stack {
  /** What the tests need to reach this stack's server, database and fakes. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/** An app server on `databaseUrl` with fakes of its own (Stripe's webhooks go to this server). */
async function startStack(databaseUrl: string, fakes: Awaited<ReturnType<typeof startFakes>>, logFile: string) {
  const server = await startTestServer(serverEnv(databaseUrl, fakes.env), logFile);
  fakes.setAppUrl(server.baseUrl);
  return {
    env: {
      ...fakes.env,
      TEST_BASE_URL: server.baseUrl,
      TEST_DATABASE_URL: databaseUrl,
      TEST_SERVER_LOG: logFile,
      AUTH_SECRET: TEST_AUTH_SECRET,
      DATABASE_URL: databaseUrl,
    },
    stop: async () => {
      await server.stop();
      await fakes.stop();
    },
  };
}

async function main() {
  const isStep = (a: string): a is Step => (ALL_STEPS as readonly string[]).includes(a);
  const requested = process.argv.slice(2).filter(isStep);
  // Anything else narrows the test runners, e.g. `npm test -- e2e public-site` (a file name pattern).
  const filters = process.argv.slice(2).filter((a) => !isStep(a));
  const steps = new Set<Step>(requested.length ? requested : ALL_STEPS);

  // The checks before the build are each one process on one core: two lanes, one per core, side by side.
  const lanes: (() => Promise<void>)[][] = [[], []];
  if (steps.has("lint")) {
    lanes[0]!.push(() => timed("lint", () => run(bin("eslint"), ["."])));
    lanes[0]!.push(() => timed("formatting", () => run(bin("prettier"), ["--check", "--log-level", "warn", "."])));
    // No import circles: madge reads .madgerc (type-only imports do not count).
    lanes[0]!.push(() => timed("import circles", () => run(bin("madge"), ["--circular", "--no-spinner", "src"])));
  }
  // The one type check of the app and its tests: `next build` skips its own (next.config.ts).
  if (steps.has("types"))
    lanes[1]!.push(() =>
      timed("type check", () => run(bin("next"), ["typegen"]).then(() => run(bin("tsc"), ["--noEmit"]))),
    );
  if (steps.has("unit"))
    lanes[1]!.push(() => timed("unit tests", () => run(bin("jest"), filters, { JEST_PROJECT: "unit" })));
  const checked = await Promise.allSettled(
    lanes.map(async (lane) => {
      for (const step of lane) await step();
    }),
  );
  const failed = checked.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  if (!steps.has("build") && !steps.has("integration") && !steps.has("e2e")) return;

  const jest = splitArguments(filters);
  const files = steps.has("integration") ? integrationFiles(jest.patterns) : { together: [], alone: [] };
  const workers = Math.min(Number(process.env.TEST_INTEGRATION_WORKERS ?? INTEGRATION_WORKERS), files.together.length);

  let database: Awaited<ReturnType<typeof startTestDatabase>> | undefined;
  const stacks: Stack[] = [];
  const fakes = [] as Awaited<ReturnType<typeof startFakes>>[];
  try {
    await timed("test database", async () => {
      database = await startTestDatabase("test-postgres");
    });
    fakes.push(await startFakes());
    if (steps.has("build") || !existsSync(".next/BUILD_ID"))
      await timed("production build", () => run(bin("next"), ["build"], serverEnv(database!.url, fakes[0]!.env)));
    await timed("test servers", async () => {
      // Each further integration worker gets a copy of the migrated, seeded database (the geodata
      // included), made before anything else connects to it, and a server and fakes of its own.
      const urls = [database!.url];
      for (let worker = 2; worker <= workers; worker++) urls.push(await copyTestDatabase(database!.url, worker));
      while (fakes.length < urls.length) fakes.push(await startFakes());
      const logs = urls.map((_, i) => `.data/test-logs/server${i ? `-${i + 1}` : ""}.log`);
      stacks.push(...(await Promise.all(urls.map((url, i) => startStack(url, fakes[i]!, logs[i]!)))));
    });
    const first = stacks[0]!.env;
    // --forceExit: once every file has run, Jest ends even if a handle outlives the tests (a full run
    // was seen waiting on one after every test had passed); a hang must never stall CI.
    if (steps.has("integration")) {
      const failures: Error[] = [];
      const jestRun = (label: string, args: string[], env: Record<string, string>) =>
        timed(label, () =>
          run(bin("jest"), ["--forceExit", ...jest.options, ...args], { ...env, JEST_PROJECT: "integration" }),
        ).catch((error: Error) => void failures.push(error));
      if (files.together.length)
        await jestRun(
          `integration tests (${files.together.length} files, ${workers} at a time)`,
          [`--maxWorkers=${workers}`, "--runTestsByPath", ...files.together],
          { ...first, TEST_STACKS: JSON.stringify(stacks.map((stack) => stack.env)) },
        );
      if (files.alone.length)
        await jestRun(
          `integration tests run alone (${files.alone.length} files)`,
          ["--runInBand", "--runTestsByPath", ...files.alone],
          first,
        );
      if (failures.length) throw new Error(failures.map((failure) => failure.message).join("\n"));
    }
    // The browser tests' helpers load a few server modules (the Stripe catalogue), which import
    // "server-only": that package is empty under the react-server condition, as in Next.js' server.
    if (steps.has("e2e"))
      await timed("browser tests", () =>
        run(bin("playwright"), ["test", ...filters], { ...first, NODE_OPTIONS: "--conditions=react-server" }),
      );
  } finally {
    for (const stack of stacks) await stack.stop();
    for (const fake of fakes.slice(stacks.length)) await fake.stop();
    await database?.stop();
  }
}

main().then(
  () => {
    printTimes();
    process.exit(0);
  },
  (error) => {
    printTimes();
    console.error(`\n${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
