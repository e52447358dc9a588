import { execFile, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../scripts/lib/free-port";

// `npm start` driven as a new user drives it (tests/integration/launcher.test.ts).

const run = promisify(execFile);

export interface Launcher {
  child: ChildProcess;
  output: () => string;
  /** http://localhost:PORT: without APP_URL the launcher serves the site there (links and the Origin check use it). */
  baseUrl: string;
  /** Settles with npm start's exit code. */
  exited: Promise<number | null>;
}

/**
 * Runs `node --import tsx scripts/start.ts` (npm start's command) in `cwd` on the embedded default,
 * with its data in `dataDir`, and waits until it serves and has printed the demo logins. The test run's
 * fake Stripe and S3 are cleared: the embedded default has neither. `readyWithinMs`: a first start loads
 * the birth-place list and seeds (minutes on a loaded machine), and builds when there is no build.
 */
export async function startLauncher(options: {
  cwd?: string;
  dataDir: string;
  readyWithinMs?: number;
  started: ChildProcess[];
}): Promise<Launcher> {
  const port = await freePort();
  const chunks: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: options.cwd ?? process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: "",
      AUTH_SECRET: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_PUBLISHABLE_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      S3_BUCKET: "",
      PORT: String(port),
      COMMUNITY_DATA_DIR: options.dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  options.started.push(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.stdout!.on("data", (c: Buffer) => chunks.push(c.toString()));
  child.stderr!.on("data", (c: Buffer) => chunks.push(c.toString()));
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + (options.readyWithinMs ?? 240_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${chunks.join("")}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && chunks.join("").includes("Demo logins")) break;
    if (Date.now() > deadline) throw new Error(`not ready:\n${chunks.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => chunks.join(""), baseUrl, exited };
}

/** Asked to stop (SIGTERM), npm start stops Next.js, then PostgreSQL; resolves with its exit code. */
export function stopLauncher(launcher: Launcher): Promise<number | null> {
  launcher.child.kill("SIGTERM");
  return launcher.exited;
}

/**
 * This checkout as a new user has it after `git clone` and `npm install`, in `dir`: the files git
 * tracks (and new ones it would), copied, and node_modules hard-linked (cp -al: seconds, not the
 * minutes of an install; nothing writes into it). No .next (no build yet) and no .data.
 */
export async function cloneOfThisCheckout(dir: string): Promise<void> {
  const { stdout } = await run("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    maxBuffer: 16 * 1024 * 1024,
  });
  for (const file of stdout.split("\0").filter(Boolean)) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    try {
      copyFileSync(file, path.join(dir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error; // deleted, not yet committed
    }
  }
  await run("cp", ["-al", "node_modules", path.join(dir, "node_modules")]);
}

/** The first process under `root` (children, then theirs) whose command line matches. */
export function descendant(root: number, pattern: RegExp): number | undefined {
  const parentOf = (pid: string) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      return -1;
    }
  };
  const all = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  for (let level = [root]; level.length; level = all.filter((pid) => level.includes(parentOf(pid))).map(Number)) {
    for (const pid of level) {
      const commandLine = (() => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
        } catch {
          return ""; // it ended meanwhile
        }
      })();
      if (pid !== root && pattern.test(commandLine)) return pid;
    }
  }
  return undefined;
}

/** The app's server process (scripts/serve.mjs; a bare `next start` renames itself "next-server (vX)"). */
export const NEXT_SERVER = /next-server|next\/dist\/bin\/next|scripts\/serve\.mjs/;
