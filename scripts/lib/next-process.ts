import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const NEXT_BIN = path.join(process.cwd(), "node_modules/next/dist/bin/next");

/** Runs the Next.js CLI in a child process with the given extra environment. */
export function spawnNext(args: string[], extraEnv: Record<string, string>, stdio: "inherit" | "pipe" = "inherit"): ChildProcess {
  return spawn(process.execPath, [NEXT_BIN, ...args], {
    stdio,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extraEnv },
  });
}

export function runNext(args: string[], extraEnv: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnNext(args, extraEnv);
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`next ${args.join(" ")} exited with ${code ?? signal}`))));
  });
}
