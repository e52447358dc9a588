import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { DATA_DIR, loadLocalSecrets } from "./local-secrets";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "./embedded-postgres";

const run = promisify(execFile);

export interface OpenDatabase {
  url: string;
  /** Stops what this script started (nothing when the database was already running). */
  close: () => Promise<void>;
}

/** DATABASE_URL, or the embedded PostgreSQL under the data directory (started for the while if it is not running). */
export async function openDatabase(): Promise<OpenDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, close: async () => {} };
  const dataDir = path.join(DATA_DIR, "postgres");
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) throw new Error(`No DATABASE_URL and no embedded database in ${dataDir}.`);
  const { databasePassword } = loadLocalSecrets();
  const running = runningEmbeddedUrl(dataDir, databasePassword);
  if (running) return { url: running, close: async () => {} };
  const postgres = await startEmbeddedPostgres({ dataDir, password: databasePassword });
  return { url: postgres.url, close: postgres.stop };
}

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
 * PostgreSQL's own pg_dump or pg_restore, of a major version at least the server's (an older pg_dump
 * refuses a newer server): PG_BIN_DIR, then Debian's /usr/lib/postgresql/{major}/bin, then PATH.
 */
export async function postgresTool(name: "pg_dump" | "pg_restore", serverMajor: number): Promise<string> {
  const candidates = [process.env.PG_BIN_DIR && path.join(process.env.PG_BIN_DIR, name), `/usr/lib/postgresql/${serverMajor}/bin/${name}`, name].filter(Boolean) as string[];
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

export interface Manifest {
  createdAt: string;
  serverVersion: number;
  migrations: number;
  /** local: the files are in the backup's uploads/; s3: they stay in the bucket (back it up with versioning). */
  uploads: "local" | "s3";
  bucket?: string;
}

export async function backup(outDir: string): Promise<Manifest> {
  const database = await openDatabase();
  try {
    const major = await serverMajorVersion(database.url);
    const pgDump = await postgresTool("pg_dump", major);
    mkdirSync(outDir, { recursive: true });
    // Custom format: compressed, and pg_restore can restore it whole or in part.
    await run(pgDump, ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(outDir, "database.dump")}`, database.url], { maxBuffer: 64 * 1024 * 1024 });
    const [{ count }] = (await query<{ count: string }>(database.url, "select count(*) from drizzle.__drizzle_migrations")) as [{ count: string }];
    const bucket = process.env.S3_BUCKET;
    if (!bucket && existsSync(uploadsDir())) cpSync(uploadsDir(), path.join(outDir, "uploads"), { recursive: true });
    const manifest: Manifest = { createdAt: new Date().toISOString(), serverVersion: major, migrations: Number(count), uploads: bucket ? "s3" : "local", ...(bucket ? { bucket } : {}) };
    writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2));
    return manifest;
  } finally {
    await database.close();
  }
}

export async function restore(fromDir: string, options: { replace: boolean }): Promise<Manifest> {
  const manifestFile = path.join(fromDir, "manifest.json");
  if (!existsSync(manifestFile) || !existsSync(path.join(fromDir, "database.dump"))) throw new Error(`${fromDir} is not a backup (no manifest.json and database.dump).`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const database = await openDatabase();
  try {
    const [{ exists }] = (await query<{ exists: boolean }>(database.url, "select to_regclass('public.users') is not null as exists")) as [{ exists: boolean }];
    if (exists && !options.replace) throw new Error("The database is not empty. Restore into an empty database, or pass --replace to overwrite this one.");
    const pgRestore = await postgresTool("pg_restore", await serverMajorVersion(database.url));
    const args = ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${database.url}`];
    if (exists) args.unshift("--clean", "--if-exists");
    await run(pgRestore, [...args, path.join(fromDir, "database.dump")], { maxBuffer: 64 * 1024 * 1024 });
    if (manifest.uploads === "local" && existsSync(path.join(fromDir, "uploads"))) cpSync(path.join(fromDir, "uploads"), uploadsDir(), { recursive: true });
    return manifest;
  } finally {
    await database.close();
  }
}
