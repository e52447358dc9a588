import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const NEXT_BIN = path.join(process.cwd(), "node_modules/next/dist/bin/next");

/**
 * A serving instance's old-generation cap in MB (decisions.md, Memory). Left alone, V8 lets garbage
 * pile up to a fraction of the machine's memory before collecting it; this keeps an instance near
 * 270 MB under load. Set --max-old-space-size in NODE_OPTIONS to choose another.
 */
export const SERVER_HEAP_MB = 192;

function nodeFlags(args: string[]): string[] {
  if (args[0] !== "start" || process.env.NODE_OPTIONS?.includes("--max-old-space-size")) return [];
  return [`--max-old-space-size=${SERVER_HEAP_MB}`];
}

/** Runs the Next.js CLI in a child process with the given extra environment. */
export function spawnNext(args: string[], extraEnv: Record<string, string>, stdio: "inherit" | "pipe" = "inherit"): ChildProcess {
  return spawn(process.execPath, [...nodeFlags(args), NEXT_BIN, ...args], {
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
