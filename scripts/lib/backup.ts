import { execFile, spawn } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { DATA_DIR } from "./local-secrets";
import { openDatabase } from "./open-database";

const run = promisify(execFile);

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function serverMajorVersion(url: string): Promise<number> {
  const [row] = await query<{ v: string }>(url, "select current_setting('server_version_num') as v");
  return Math.floor(Number(row!.v) / 10000);
}

/**
 * PostgreSQL's own pg_dump, pg_restore or psql, of a major version at least the server's (an older pg_dump
 * refuses a newer server): PG_BIN_DIR, then Debian's /usr/lib/postgresql/{major}/bin, then PATH.
 */
export async function postgresTool(name: "pg_dump" | "pg_restore" | "psql", serverMajor: number): Promise<string> {
  const candidates = [
    process.env.PG_BIN_DIR && path.join(process.env.PG_BIN_DIR, name),
    `/usr/lib/postgresql/${serverMajor}/bin/${name}`,
    name,
  ].filter(Boolean) as string[];
  for (const candidate of candidates) {
    const version = await run(candidate, ["--version"]).then(
      ({ stdout }) => Number(stdout.match(/(\d+)(?:\.\d+)*/)?.[1]),
      () => null,
    );
    if (version !== null && version >= serverMajor) return candidate;
  }
  throw new Error(
    `${name} ${serverMajor} or newer was not found. Install PostgreSQL's client tools of that version ` +
      `(Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}) or set PG_BIN_DIR to their directory.`,
  );
}

export const uploadsDir = () => path.join(DATA_DIR, "uploads");

/**
 * How PostgreSQL's tools are pointed at `url`: the URL without its password on the command line
 * (which error messages and `ps` show), the password in PGPASSWORD.
 */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Only the owner may read a backup: the folder 0700, every file in it 0600. */
function makePrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makePrivate(full);
    else chmodSync(full, 0o600);
  }
}

/** The files under `dir`, in every folder below it (0 when it does not exist). */
function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).length;
}

/** The app's schemas: its tables and extensions (public), the migrations journal, the job queue. */
const APP_SCHEMAS = ["pgboss", "drizzle", "public"];

export interface Manifest {
  createdAt: string;
  serverVersion: number;
  migrations: number;
  /** local: the files are in the backup's uploads/; s3: they stay in the bucket (back it up with versioning). */
  uploads: "local" | "s3";
  /** How many uploaded files the backup's uploads/ holds (local only; no folder when there were none). */
  uploadedFiles?: number;
  bucket?: string;
}

export async function backup(outDir: string): Promise<Manifest> {
  const database = await openDatabase();
  try {
    const major = await serverMajorVersion(database.url);
    const pgDump = await postgresTool("pg_dump", major);
    mkdirSync(outDir, { recursive: true, mode: 0o700 });
    chmodSync(outDir, 0o700);
    const target = libpqTarget(database.url);
    // Custom format: compressed, and pg_restore can restore it whole or in part. umask: the dump is
    // never readable by others, not even while it is written.
    const umask = process.umask(0o077);
    try {
      await run(
        pgDump,
        [
          "--format=custom",
          "--no-owner",
          "--no-privileges",
          `--file=${path.join(outDir, "database.dump")}`,
          target.dbname,
        ],
        { env: target.env, maxBuffer: 64 * 1024 * 1024 },
      );
    } finally {
      process.umask(umask);
    }
    const [{ count }] = (await query<{ count: string }>(
      database.url,
      "select count(*) from drizzle.__drizzle_migrations",
    )) as [{ count: string }];
    const bucket = process.env.S3_BUCKET;
    const uploadedFiles = bucket ? 0 : countFiles(uploadsDir());
    if (uploadedFiles) cpSync(uploadsDir(), path.join(outDir, "uploads"), { recursive: true });
    const manifest: Manifest = {
      createdAt: new Date().toISOString(),
      serverVersion: major,
      migrations: Number(count),
      uploads: bucket ? "s3" : "local",
      ...(bucket ? { bucket } : { uploadedFiles }),
    };
    writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    makePrivate(outDir);
    return manifest;
  } finally {
    await database.close();
  }
}

export async function restore(fromDir: string, options: { replace: boolean }): Promise<Manifest> {
  const manifestFile = path.join(fromDir, "manifest.json");
  if (!existsSync(manifestFile) || !existsSync(path.join(fromDir, "database.dump")))
    throw new Error(`${fromDir} is not a backup (no manifest.json and database.dump).`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const database = await openDatabase();
  try {
    const [{ exists }] = (await query<{ exists: boolean }>(
      database.url,
      "select to_regclass('public.users') is not null as exists",
    )) as [{ exists: boolean }];
    if (exists && !options.replace)
      throw new Error(
        "The database is not empty. Restore into an empty database, or pass --replace to overwrite this one.",
      );
    const major = await serverMajorVersion(database.url);
    await replaceDatabase(database.url, path.join(fromDir, "database.dump"), {
      pgRestore: await postgresTool("pg_restore", major),
      psql: await postgresTool("psql", major),
    });
    if (manifest.uploads === "local" && existsSync(path.join(fromDir, "uploads")))
      cpSync(path.join(fromDir, "uploads"), uploadsDir(), { recursive: true });
    return manifest;
  } finally {
    await database.close();
  }
}

/**
 * Restores a dump as one transaction: the app's schemas are dropped and the dump's SQL (pg_restore's
 * output) applied, in a single psql transaction, so the database is either the backup's whole or left
 * as it was. (pg_restore --clean drops object by object, and fails on the job queue's partitioned
 * tables, whose partitions go with their parent.) Nothing but the app's schemas is touched.
 */
async function replaceDatabase(
  url: string,
  dumpFile: string,
  tools: { pgRestore: string; psql: string },
): Promise<void> {
  const target = libpqTarget(url);
  // --single-transaction wraps a script given with --file only ("-": standard input), not plain input.
  const psql = spawn(
    tools.psql,
    [
      "--no-psqlrc",
      "--quiet",
      "--single-transaction",
      "--set=ON_ERROR_STOP=1",
      "--file=-",
      `--dbname=${target.dbname}`,
    ],
    { env: target.env, stdio: ["pipe", "ignore", "pipe"] },
  );
  const sqlOut = spawn(tools.pgRestore, ["--no-owner", "--no-privileges", "--file=-", dumpFile], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const errors: string[] = [];
  psql.stderr.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  sqlOut.stderr.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  psql.stdin.on("error", () => {}); // psql stopped at the first error: its exit code says so
  psql.stdin.write(
    `set client_min_messages = warning;\n${APP_SCHEMAS.map((schema) => `drop schema if exists ${schema} cascade;`).join("\n")}\ncreate schema public;\n`,
  );
  // psql commits at the end of its input, so the input ends only if pg_restore wrote the whole dump;
  // otherwise psql is killed, and PostgreSQL rolls back the transaction of a connection that drops.
  sqlOut.stdout.pipe(psql.stdin, { end: false });
  const exited = (child: ReturnType<typeof spawn>) =>
    new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  const psqlExit = exited(psql);
  const restoreCode = await exited(sqlOut);
  if (restoreCode === 0) psql.stdin.end();
  else psql.kill("SIGKILL");
  const psqlCode = await psqlExit;
  if (restoreCode !== 0 || psqlCode !== 0)
    throw new Error(`The restore failed and the database was left as it was:\n${errors.join("").trim()}`);
}
