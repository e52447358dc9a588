import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const NEXT_BIN = path.join(process.cwd(), "node_modules/next/dist/bin/next");
const SERVER = path.join(process.cwd(), "scripts/serve.mjs");

/**
 * V8's heap settings for a serving instance (docs/decisions/014-memory-of-a-serving-instance.md). Left alone,
 * V8 lets garbage pile up to several times the live heap before collecting; here the heap may grow
 * only 20% above what the last full collection kept, which holds an instance near 270 MB under load,
 * and 512 MB is the ceiling. `--max-old-space-size` in NODE_OPTIONS replaces both.
 */
export const SERVER_HEAP_FLAGS = ["--max-old-space-size=512", "--heap-growing-percent=20"];

/**
 * glibc gives each thread that allocates its own malloc arena and keeps freed memory in it; Node's
 * worker threads (libuv's pool, V8's compilers and collectors) made an instance hold about 14 MB more
 * after the page load than with two arenas, for the same throughput (decision 014). An operator's
 * MALLOC_ARENA_MAX wins.
 */
export const SERVER_MALLOC_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" };

const heapFlags = () => (process.env.NODE_OPTIONS?.includes("--max-old-space-size") ? [] : SERVER_HEAP_FLAGS);

/** Runs the Next.js CLI (`build`) in a child process with the given extra environment. */
export function spawnNext(
  args: string[],
  extraEnv: Record<string, string>,
  stdio: "inherit" | "pipe" = "inherit",
): ChildProcess {
  return spawn(process.execPath, [NEXT_BIN, ...args], {
    stdio,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extraEnv },
  });
}

export interface ServerOptions {
  port: string;
  /** The address to listen on; every interface when unset. */
  hostname?: string;
  /** The development server (hot reload) instead of the production build. */
  dev?: boolean;
  /** Node's own flags besides the heap's, e.g. a benchmark's --cpu-prof (refused in NODE_OPTIONS). */
  nodeFlags?: string[];
}

/**
 * Serves the app (scripts/serve.mjs: Next.js' request handler behind the door that rewrites the
 * forwarding headers from the socket) in a child process, with the serving heap settings.
 */
export function spawnServer(
  options: ServerOptions,
  extraEnv: Record<string, string>,
  stdio: "inherit" | "pipe" = "inherit",
): ChildProcess {
  const args = [
    "--port",
    options.port,
    ...(options.hostname ? ["--hostname", options.hostname] : []),
    ...(options.dev ? ["--dev"] : []),
  ];
  return spawn(process.execPath, [...(options.dev ? [] : heapFlags()), ...(options.nodeFlags ?? []), SERVER, ...args], {
    stdio,
    env: { ...process.env, ...(options.dev ? {} : SERVER_MALLOC_ENV), NEXT_TELEMETRY_DISABLED: "1", ...extraEnv },
  });
}

export function runNext(args: string[], extraEnv: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnNext(args, extraEnv);
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`next ${args.join(" ")} exited with ${code ?? signal}`)),
    );
  });
}
