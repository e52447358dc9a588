import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { hash } from "@node-rs/argon2";
import { Client } from "pg";
import { createDatabase } from "@/db/client";
import { users } from "@/db/schema";
import { closeTestDb, createTestUser, TEST_PASSWORD } from "../support/db";
import { testEnv } from "../support/env";
import { serverEnv, startTestServer, type TestServer } from "../support/server";

// npm run db:backup and db:restore (PostgreSQL's own pg_dump and pg_restore, and the uploaded files):
// a backup of the test run's database restored into an empty database serves sign-ins from its data.

const run = promisify(execFile);
const tsx = path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs");
const scratch = mkdtempSync(path.join(tmpdir(), "community-backup-"));
const restoredName = `restored_${process.pid}`;
let server: TestServer | undefined;

const urlOf = (name: string) => {
  const url = new URL(testEnv().databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(sql: string) {
  const client = new Client({ connectionString: testEnv().databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function script(name: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, [tsx, `scripts/${name}.ts`, ...args], {
    env: { ...process.env, S3_BUCKET: "", ...env },
  });
}

afterAll(async () => {
  await server?.stop();
  await admin(`drop database if exists ${restoredName}`);
  rmSync(scratch, { recursive: true, force: true });
  await closeTestDb();
});

it("backs up the database and the uploads, and a restore into an empty database signs her in", async () => {
  const member = await createTestUser({ membershipLevel: "play" });
  const sourceData = path.join(scratch, "source");
  mkdirSync(path.join(sourceData, "uploads", "avatar"), { recursive: true });
  writeFileSync(path.join(sourceData, "uploads", "avatar", "picture.webp"), "picture bytes");

  const backupDir = path.join(scratch, "backup");
  const made = await script("db-backup", [backupDir], {
    DATABASE_URL: testEnv().databaseUrl,
    COMMUNITY_DATA_DIR: sourceData,
  });
  expect(made.stdout).toContain(`Backup written to ${backupDir}`);
  expect(made.stdout).toContain("uploads/: the 1 uploaded file\n");
  const manifest = JSON.parse(readFileSync(path.join(backupDir, "manifest.json"), "utf8"));
  expect(manifest).toMatchObject({ uploads: "local", migrations: expect.any(Number) });
  expect(manifest.migrations).toBeGreaterThan(0);
  expect(readFileSync(path.join(backupDir, "database.dump")).subarray(0, 5).toString()).toBe("PGDMP");
  // Only the owner may read it: the folder 0700, each file 0600.
  const mode = (file: string) => (statSync(path.join(backupDir, file)).mode & 0o777).toString(8);
  expect(["", "uploads", "uploads/avatar"].map(mode)).toEqual(["700", "700", "700"]);
  expect(["database.dump", "manifest.json", "uploads/avatar/picture.webp"].map(mode)).toEqual(["600", "600", "600"]);

  await admin(`create database ${restoredName}`);
  const targetData = path.join(scratch, "target");
  const restored = await script("db-restore", [backupDir], {
    DATABASE_URL: urlOf(restoredName),
    COMMUNITY_DATA_DIR: targetData,
  });
  expect(restored.stdout).toContain("Restored the backup");
  expect(readFileSync(path.join(targetData, "uploads", "avatar", "picture.webp"), "utf8")).toBe("picture bytes");

  await expect(
    script("db-restore", [backupDir], { DATABASE_URL: urlOf(restoredName), COMMUNITY_DATA_DIR: targetData }),
  ).rejects.toThrow(/not empty/);

  server = await startTestServer(
    { ...serverEnv(urlOf(restoredName)), JOBS_ENABLED: "false" },
    ".data/test-logs/restored-server.log",
  );
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ username: member.username, password: TEST_PASSWORD }),
  });
  expect(login.status).toBe(200);
  expect(await login.json()).toMatchObject({ username: member.username, firstName: "Test" });
  expect(existsSync(path.join(targetData, "uploads"))).toBe(true);
  await server.stop();
  server = undefined;

  // Over a database the app has run on (the job queue's partitioned tables included): a
  // later backup of the source replaces it whole, and what was only in the target is gone.
  const later = await createTestUser({ membershipLevel: "play" });
  const laterBackup = path.join(scratch, "later");
  await script("db-backup", [laterBackup], { DATABASE_URL: testEnv().databaseUrl, COMMUNITY_DATA_DIR: sourceData });
  const targetOnly = { username: `target_only_${process.pid}` };
  const target = createDatabase(urlOf(restoredName), 1);
  await target.db.insert(users).values({
    username: targetOnly.username,
    email: `${targetOnly.username}@example.com`,
    firstName: "Target",
    passwordHash: await hash(TEST_PASSWORD),
  });
  await target.pool.end();
  const replaced = await script("db-restore", [laterBackup, "--replace"], {
    DATABASE_URL: urlOf(restoredName),
    COMMUNITY_DATA_DIR: targetData,
  });
  expect(replaced.stdout).toContain("Restored the backup");
  server = await startTestServer(
    { ...serverEnv(urlOf(restoredName)), JOBS_ENABLED: "false" },
    ".data/test-logs/restored-server.log",
  );
  const signIn = (username: string) =>
    fetch(`${server!.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server!.baseUrl },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
  expect((await signIn(later.username)).status).toBe(200);
  expect((await signIn(targetOnly.username)).status).toBe(401);
}, 180_000);

it("says so when there are no uploaded files yet, and writes no uploads/ folder", async () => {
  const empty = path.join(scratch, "no-uploads-yet");
  const backupDir = path.join(scratch, "backup-without-uploads");
  const made = await script("db-backup", [backupDir], {
    DATABASE_URL: testEnv().databaseUrl,
    COMMUNITY_DATA_DIR: empty,
  });
  expect(made.stdout).toContain(`no uploaded files yet (none under ${path.join(empty, "uploads")})`);
  expect(made.stdout).not.toContain("uploads/:");
  expect(existsSync(path.join(backupDir, "uploads"))).toBe(false);
  expect(JSON.parse(readFileSync(path.join(backupDir, "manifest.json"), "utf8"))).toMatchObject({
    uploads: "local",
    uploadedFiles: 0,
  });
});

it("leaves the database as it was when a restore fails, and prints no password", async () => {
  const broken = path.join(scratch, "broken");
  mkdirSync(broken, { recursive: true });
  writeFileSync(
    path.join(broken, "manifest.json"),
    JSON.stringify({ createdAt: new Date().toISOString(), serverVersion: 15, migrations: 1, uploads: "s3" }),
  );
  writeFileSync(path.join(broken, "database.dump"), "PGDMP not really a dump");
  const target = urlOf(restoredName);
  const password = decodeURIComponent(new URL(target).password);
  const failed = await script("db-restore", [broken, "--replace"], {
    DATABASE_URL: target,
    COMMUNITY_DATA_DIR: path.join(scratch, "target"),
  }).then(
    () => null,
    (error: { code: number; stderr: string; stdout: string }) => error,
  );
  expect(failed?.code).toBe(1);
  expect(failed!.stderr).toMatch(/restore failed and the database was left as it was/);
  expect(`${failed!.stderr}${failed!.stdout}`).not.toContain(`:${password}@`);
  const client = new Client({ connectionString: target });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from users");
    expect(rows[0].n).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
});
