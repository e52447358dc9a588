import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
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
  return run(process.execPath, [tsx, `scripts/${name}.ts`, ...args], { env: { ...process.env, S3_BUCKET: "", ...env } });
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
  const made = await script("db-backup", [backupDir], { DATABASE_URL: testEnv().databaseUrl, COMMUNITY_DATA_DIR: sourceData });
  expect(made.stdout).toContain(`Backup written to ${backupDir}`);
  const manifest = JSON.parse(readFileSync(path.join(backupDir, "manifest.json"), "utf8"));
  expect(manifest).toMatchObject({ uploads: "local", migrations: expect.any(Number) });
  expect(manifest.migrations).toBeGreaterThan(0);
  expect(readFileSync(path.join(backupDir, "database.dump")).subarray(0, 5).toString()).toBe("PGDMP");

  await admin(`create database ${restoredName}`);
  const targetData = path.join(scratch, "target");
  const restored = await script("db-restore", [backupDir], { DATABASE_URL: urlOf(restoredName), COMMUNITY_DATA_DIR: targetData });
  expect(restored.stdout).toContain("Restored the backup");
  expect(readFileSync(path.join(targetData, "uploads", "avatar", "picture.webp"), "utf8")).toBe("picture bytes");

  await expect(script("db-restore", [backupDir], { DATABASE_URL: urlOf(restoredName), COMMUNITY_DATA_DIR: targetData })).rejects.toThrow(/not empty/);

  server = await startTestServer({ ...serverEnv(urlOf(restoredName)), JOBS_ENABLED: "false" }, ".data/test-logs/restored-server.log");
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ username: member.username, password: TEST_PASSWORD }),
  });
  expect(login.status).toBe(200);
  expect(await login.json()).toMatchObject({ username: member.username, firstName: "Test" });
  expect(existsSync(path.join(targetData, "uploads"))).toBe(true);
}, 120_000);
