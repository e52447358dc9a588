// PostgreSQL's own processes, as the embedded default runs them (docs/decisions/036-the-launcher-and-its-postgresql.md):
// initdb to make a data directory, the postmaster started and stopped, and its lock file read.
import { spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { PostgresPrograms } from "./postgres-programs";

/** English messages, whatever the machine's language: the start is recognised by its log line. */
const MESSAGES_LOCALE = "C";
const READY = "database system is ready to accept connections";

/** A running PostgreSQL server: our child, or one another program started on our data directory. */
export interface Postmaster {
  pid: number;
  /** Started by us (false: adopted, e.g. after pg_ctl restart). */
  ours: boolean;
  /** Settles when it has exited, with how. */
  exited: Promise<string>;
  /** Asks for PostgreSQL's fast shutdown (clients disconnected, nothing lost) and waits until it is gone. */
  stop: () => Promise<void>;
}

/** The postmaster.pid PostgreSQL keeps in its data directory while it runs (pid, data directory, start time, port, ...). */
export function readPostmasterPid(dataDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, "utf8").split("\n");
  return { pid: Number(pid), port: Number(port) };
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A process that has exited but whose parent has not collected it yet (a zombie) is gone.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return existsSync("/proc/self/stat") ? false : true;
  }
};

/** Linux's view of a process: its command line and its parent, or null elsewhere or when it is gone. */
export function processInfo(pid: number): { argv: string[]; parent: number } | null {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return { argv, parent: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) };
  } catch {
    return null;
  }
}

/** A path as PostgreSQL sees it: symbolic links resolved (the data directory may be one, see postgres-programs.ts). */
const realPath = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/**
 * Whether `pid` is a PostgreSQL server of `dataDir`. Where /proc is missing, a live process is
 * taken to be it (PostgreSQL does the same with its lock file).
 */
export function isPostmasterOf(pid: number, dataDir: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  if (!existsSync("/proc/self/cmdline")) return true;
  const info = processInfo(pid);
  if (!info) return false;
  const dir = info.argv[info.argv.indexOf("-D") + 1];
  return /postgres$/.test(info.argv[0] ?? "") && dir !== undefined && realPath(dir) === realPath(dataDir);
}

/** How long a fast shutdown may take before we say so. */
const STOP_LIMIT_MS = 60_000;

/** Waits until `pid` has exited (or `exited` settles); throws after STOP_LIMIT_MS. */
async function waitForExit(pid: number, exited?: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + STOP_LIMIT_MS;
  const gone =
    exited ??
    (async () => {
      while (isAlive(pid)) await delay(50);
    })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`PostgreSQL (process ${pid}) did not stop within 60 s; stop it by hand (kill -INT ${pid}).`)),
      deadline - Date.now(),
    );
  });
  try {
    await Promise.race([gone, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** PostgreSQL's fast shutdown (clients disconnected, nothing lost), waited for. */
export async function stopProcess(pid: number, exited?: Promise<unknown>): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, "SIGINT");
  await waitForExit(pid, exited);
}

/** A PostgreSQL another program started on our data directory (pg_ctl restart): watched by its process number. */
export function adoptPostmaster(pid: number): Postmaster {
  const exited = (async () => {
    while (isAlive(pid)) await delay(250);
    return "its process ended";
  })();
  return {
    pid,
    ours: false,
    exited,
    stop: () => stopProcess(pid, exited),
  };
}

interface Run {
  programs: PostgresPrograms;
  /** Called with each line PostgreSQL logs (kept for error messages). */
  onLog?: (line: string) => void;
}

const spawnOptions = (programs: PostgresPrograms) => ({
  // As the system user, from a folder it can enter (the launcher's may be private to root).
  ...(programs.user ? { uid: programs.user.uid, gid: programs.user.gid, cwd: "/" } : {}),
  env: { ...process.env, LC_MESSAGES: MESSAGES_LOCALE },
});

/** What a failed spawn means, in one sentence (EACCES as root: the system user cannot reach the program). */
function spawnFailure(program: string, error: NodeJS.ErrnoException, programs: PostgresPrograms): Error {
  if (error.code === "EACCES" && programs.user)
    return new Error(
      `PostgreSQL runs as the system user ${programs.user.name}, which may not run ${program}: a folder on the way is private to root. Put the app where that user can read it (e.g. under /srv or /opt), or start it as another user.`,
    );
  return new Error(`Could not run ${program}: ${error.message}`);
}

/** Runs initdb on an empty `dataDir`: UTF-8, SCRAM passwords, superuser `user` with `password`. */
export async function initialiseCluster(run: Run & { dataDir: string; user: string; password: string }): Promise<void> {
  const { programs } = run;
  // The password goes through a file only its reader may open, removed at once.
  const secretDir = mkdtempSync(path.join(tmpdir(), "community-initdb-"));
  const passwordFile = path.join(secretDir, "password");
  writeFileSync(passwordFile, `${run.password}\n`, { mode: 0o600 });
  if (programs.user) {
    chownSync(secretDir, programs.user.uid, programs.user.gid);
    chownSync(passwordFile, programs.user.uid, programs.user.gid);
  }
  chmodSync(secretDir, 0o700);
  const initdb = path.join(programs.binDir, "initdb");
  const output: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        initdb,
        [
          `--pgdata=${realPath(run.dataDir)}`,
          "--auth=scram-sha-256",
          `--username=${run.user}`,
          `--pwfile=${passwordFile}`,
          "--encoding=UTF8",
          `--lc-messages=${MESSAGES_LOCALE}`,
        ],
        spawnOptions(programs),
      );
      const keep = (chunk: Buffer) => output.push(chunk.toString());
      child.stdout?.on("data", keep);
      child.stderr?.on("data", keep);
      child.on("error", (error) => reject(spawnFailure(initdb, error, programs)));
      child.on("close", (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed (${code ?? signal}):\n${output.join("").trim()}`)),
      );
    });
  } finally {
    rmSync(secretDir, { recursive: true, force: true });
  }
}

/**
 * Starts the postmaster on `dataDir` and `port`, listening on loopback only, in a process group of its
 * own (a Ctrl-C in the terminal reaches the launcher, which stops PostgreSQL after the server), and
 * resolves once it accepts connections; rejects with the end of its log if it exits first.
 */
export function startPostmaster(run: Run & { dataDir: string; port: number }): Promise<Postmaster> {
  const { programs } = run;
  const program = path.join(programs.binDir, "postgres");
  const log: string[] = [];
  const child: ChildProcess = spawn(
    program,
    ["-D", realPath(run.dataDir), "-p", String(run.port), "-c", "listen_addresses=127.0.0.1"],
    { ...spawnOptions(programs), detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`)),
  );
  return new Promise((resolve, reject) => {
    // Its log is read for as long as it runs (a full pipe would block it); the last lines are kept.
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of text.split("\n").filter(Boolean)) {
        log.push(line);
        run.onLog?.(line);
      }
      log.splice(0, Math.max(0, log.length - 40));
      if (text.includes(READY))
        resolve({
          pid: child.pid!,
          ours: true,
          exited,
          stop: async () => {
            if (child.exitCode !== null || child.signalCode !== null) return;
            child.kill("SIGINT");
            await waitForExit(child.pid!, exited);
          },
        });
    };
    child.stdout!.on("data", onOutput);
    child.stderr!.on("data", onOutput);
    child.on("error", (error) => reject(spawnFailure(program, error, programs)));
    void exited.then((how) =>
      reject(new Error(`PostgreSQL exited before it was ready (${how}):\n${log.slice(-20).join("\n")}`)),
    );
  });
}
