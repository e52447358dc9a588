// npm start / npm run dev - start PostgreSQL (embedded unless DATABASE_URL is set), migrate, seed, build if needed, serve.
// A process to supervise: it starts the embedded PostgreSQL again when it stops (the server
// answers 503 meanwhile), exits non-zero when the server dies or PostgreSQL cannot be brought back, and
// 0 only when it was asked to stop (docs/decisions/036-the-launcher-and-its-postgresql.md).
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { constants } from "node:os";
import path from "node:path";
import { appUrlProblems, emailProblems, secretProblems } from "@/lib/env";
import { prepareDatabase } from "./lib/database";
import { printDemoLogins } from "./lib/demo-logins";
import { spawnNext, spawnServer } from "./lib/next-process";
import { runScript } from "./lib/run-script";

// On Ctrl-C, SIGTERM or SIGHUP the Next.js child is asked to stop, and PostgreSQL is stopped once it
// has (it runs in a process group of its own, so a Ctrl-C in the terminal does not reach it first).
// Whatever else listens for these signals is removed: the launcher alone decides the order. (tsx's own
// handler, which tells the tsx process that the signal was handled, is hidden from listeners() and stays.)
let current: ChildProcess | undefined;
/** Why the launcher is stopping the server: asked to (exit 0), or its database is gone for good (exit 1). */
let stopping: "asked" | "database lost" | undefined;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on(signal, () => {
    stopping ??= "asked";
    current?.kill("SIGTERM");
  });
}

/** A signal's exit code, as a shell reports it: 128 + its number. */
const signalCode = (signal: NodeJS.Signals) => 128 + (constants.signals[signal] ?? 0);

/** The production build, a step that ends: its exit code (0 when it succeeded, or when we stopped it). */
function runBuild(child: ChildProcess): Promise<number> {
  current = child;
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve(stopping ? 0 : signal ? signalCode(signal) : (code ?? 1))),
  );
}

/**
 * The server, which runs until we stop it: 0 when we were asked to stop, 1 when its database was lost,
 * otherwise its exit code, or 128 + the signal that killed it (and 1 when it exited 0 by itself).
 */
function runServer(child: ChildProcess): Promise<number> {
  current = child;
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      if (stopping === "asked") return resolve(0);
      if (stopping === "database lost") return resolve(1);
      if (signal) console.error(`The server was killed by ${signal}.`);
      else if (code === 0) console.error("The server exited by itself.");
      resolve(signal ? signalCode(signal) : code || 1);
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
  // embedded default is local use, at http://localhost:PORT unless APP_URL says otherwise. Either way,
  // email that is sent needs its sender.
  const problems = emailProblems({ SMTP_URL: process.env.SMTP_URL, EMAIL_FROM: process.env.EMAIL_FROM });
  if (process.env.DATABASE_URL) {
    problems.unshift(
      ...secretProblems({
        AUTH_SECRET: process.env.AUTH_SECRET,
        BIRTH_DATA_KEY: process.env.BIRTH_DATA_KEY,
        TWO_FACTOR_KEY: process.env.TWO_FACTOR_KEY,
      }),
      ...appUrlProblems(process.env.APP_URL),
    );
  }
  if (problems.length) throw new Error(`Not starting: ${problems.join(" ")} (docs/deployment.md, Settings)`);
  const url = process.env.APP_URL?.trim() || `http://localhost:${port}`;
  const database = await prepareDatabase({ log: (line) => console.log(line) });
  database.keepRunning({
    log: (line) => console.log(line),
    giveUp: (reason) => {
      console.error(`The embedded PostgreSQL could not be brought back: ${reason} Stopping the server.`);
      stopping ??= "database lost";
      current?.kill("SIGTERM");
    },
  });
  const stoppedEarly = () => (stopping === "database lost" ? 1 : 0);
  try {
    // Asked to stop while the database was being prepared: nothing else is started.
    if (stopping) return stoppedEarly();
    const appEnv = { ...database.env, PORT: port, APP_URL: url, NODE_ENV: dev ? "development" : "production" };
    if (!dev && !existsSync(path.join(process.cwd(), ".next/BUILD_ID"))) {
      console.log("No production build yet: building first (a few minutes)...");
      const code = await runBuild(spawnNext(["build"], appEnv));
      if (stopping) return stoppedEarly();
      if (code !== 0) return code;
    }
    if (database.demo) setTimeout(() => printDemoLogins(url), dev ? 5000 : 1500).unref();
    return await runServer(spawnServer({ port, hostname: hostname(), dev }, appEnv));
  } finally {
    await database.stop();
  }
}

runScript(main);
