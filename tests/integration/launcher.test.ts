import { execFile, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { freePort } from "../../scripts/lib/free-port";
import { setUpTwoFactor } from "../support/two-factor";

// `npm start` as a new user runs it: embedded PostgreSQL on a clean data directory, migrations,
// demo seed, logins printed; SIGTERM stops PostgreSQL cleanly; a second start reuses the data.

const dataDir = mkdtempSync(path.join(tmpdir(), "community-launcher-"));
chmodSync(dataDir, 0o755);
const started: ChildProcess[] = [];
// A test that failed half-way leaves no launcher running for the next one (or for the machine).
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startApp(): Promise<{ child: ChildProcess; output: () => string; baseUrl: string }> {
  const port = await freePort();
  const chunks: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    // The embedded default has no Stripe and no S3: the test run's fake keys are cleared.
    env: {
      ...process.env,
      DATABASE_URL: "",
      AUTH_SECRET: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_PUBLISHABLE_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      S3_BUCKET: "",
      PORT: String(port),
      COMMUNITY_DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  child.stdout!.on("data", (c: Buffer) => chunks.push(c.toString()));
  child.stderr!.on("data", (c: Buffer) => chunks.push(c.toString()));
  // Without APP_URL the launcher serves the site at http://localhost:PORT: links and the Origin check use it.
  const baseUrl = `http://localhost:${port}`;
  // The first start loads the birth-place list and seeds: minutes on a loaded machine.
  const deadline = Date.now() + 240_000;
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

// Asked to stop (SIGTERM), npm start stops Next.js, then PostgreSQL, and exits 0.
async function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

/**
 * Without STRIPE_SECRET_KEY: a visitor applies and is emailed her payment link; with it, the payment
 * call answers 503 with the plain message and her payment page says so (without it, 404: the link is
 * the only key); and every demo application can still be reviewed (the demo's paid applicant is
 * approved and invited).
 */
async function checkPaymentsWithoutStripe(baseUrl: string, adminCookie: string) {
  const headers = { "content-type": "application/json", origin: baseUrl, cookie: adminCookie };
  const email = `launcher_${Date.now()}@example.com`;
  const applied = await fetch(`${baseUrl}/api/applications/submit`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      firstName: "Lena",
      lastName: "Launch",
      email,
      phone: "+1 555 010 0100",
      membershipTier: "create",
      heardAbout: "Instagram",
      whyJoin: "To see the embedded default take an application.",
      agreeTerms: true,
    }),
  });
  expect(applied.status).toBe(201);
  const outbox = (await (await fetch(`${baseUrl}/api/admin/outbox`, { headers })).json()) as {
    messages: { to: string; text: string }[];
  };
  const receipt = outbox.messages.find((m) => m.to === email)!;
  const token = /\/payment\/([A-Za-z0-9_-]+)/.exec(receipt.text)![1]!;

  const post = (body: unknown) =>
    fetch(`${baseUrl}/api/create-payment-intent`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify(body),
    });
  expect((await post({ token: "A".repeat(43) })).status).toBe(404);
  const intent = await post({ token });
  expect(intent.status).toBe(503);
  expect(await intent.json()).toEqual({ error: "Payments are not configured" });
  expect(await (await fetch(`${baseUrl}/payment/${token}`)).text()).toContain("Payments are not configured");

  const [nia] = (await (await fetch(`${baseUrl}/api/applications?search=nia.thompson`, { headers })).json()) as {
    id: number;
    status: string;
  }[];
  expect(nia?.status).toBe("pending");
  const approved = await fetch(`${baseUrl}/api/applications/${nia!.id}/status`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ status: "approved", reviewNotes: "" }),
  });
  expect(await approved.json()).toEqual({ status: "approved", invited: true });
}

/** Without Stripe, the demo member's billing shows her membership's dates, and a change is refused plainly. */
async function checkBillingWithoutStripe(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ username: "member", password: "community-demo" }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const me = (await (await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } })).json()) as { id: number };
  const billing = await fetch(`${baseUrl}/api/users/${me.id}/billing`, { headers: { cookie } });
  expect(billing.status).toBe(200);
  const overview = (await billing.json()) as {
    configured: boolean;
    membership: { tier: string; startedAt: string; termEndsAt: string; card: unknown } | null;
  };
  expect(overview.configured).toBe(false);
  expect(overview.membership).toMatchObject({
    tier: expect.any(String),
    startedAt: expect.any(String),
    termEndsAt: expect.any(String),
    card: null,
  });
  const preview = await fetch(`${baseUrl}/api/users/${me.id}/billing/preview`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, cookie },
    body: JSON.stringify({ tier: "play" }),
  });
  expect(preview.status).toBe(503);
  expect(await preview.json()).toEqual({ error: "Payments are not configured" });
}

/** Without S3, an upload lands under the data directory and is served back. */
async function checkUploadsOnLocalDisk(baseUrl: string, cookie: string) {
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123" } })
    .jpeg()
    .toBuffer();
  const stored = await fetch(`${baseUrl}/api/uploads/avatar`, {
    method: "POST",
    headers: { origin: baseUrl, cookie },
    body: picture,
  });
  expect(stored.status).toBe(201);
  const { id, url } = (await stored.json()) as { id: string; url: string };
  expect(existsSync(path.join(dataDir, "uploads", "avatar", `${id}.webp`))).toBe(true);
  const served = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
  expect(served.status).toBe(200);
  expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
}

describe("npm start on the embedded default", () => {
  it("seeds once, prints the demo logins, stops PostgreSQL cleanly and reuses the data", async () => {
    const first = await startApp();
    expect(first.output()).toContain("Seeding demo data");
    for (const login of ["admin", "member", "mentor", "partner"])
      expect(first.output()).toMatch(new RegExp(`${login}\\s+community-demo`));
    const login = await fetch(`${first.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.baseUrl },
      body: JSON.stringify({ username: "admin", password: "community-demo" }),
    });
    expect(login.status).toBe(200);
    const adminCookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // The demo admin is asked to set up two-factor sign-in before any admin page (README).
    await setUpTwoFactor(first.baseUrl, adminCookie, "admin");
    await checkPaymentsWithoutStripe(first.baseUrl, adminCookie);
    await checkBillingWithoutStripe(first.baseUrl);
    await checkUploadsOnLocalDisk(first.baseUrl, adminCookie);

    await checkOperatorScriptsBesideTheApp(first.baseUrl);
    checkServerMemorySettings(first.child.pid!);

    expect(await stop(first.child)).toBe(0);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

    const second = await startApp();
    expect(second.output()).not.toContain("Seeding demo data");
    expect(second.output()).toContain("Demo logins");
    expect(await stop(second.child)).toBe(0);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 600_000);

  it("is a process to supervise: exits non-zero when the server dies, and starts over a stale or orphaned PostgreSQL", async () => {
    // The server killed from outside (the OOM killer, say): npm start stops PostgreSQL and fails.
    const app = await startApp();
    const exited = new Promise<number | null>((resolve) => app.child.once("exit", (code) => resolve(code)));
    process.kill(descendant(app.child.pid!, NEXT_SERVER)!, "SIGKILL");
    expect(await exited).toBe(137);
    expect(app.output()).toContain("The server was killed by SIGKILL");
    expect(existsSync(postmasterPid)).toBe(false);

    // A lock file left by a crash whose process number now belongs to another process (after a reboot,
    // in a container): PostgreSQL alone would refuse to start over it.
    writeFileSync(postmasterPid, `${process.pid}\n${path.join(dataDir, "postgres")}\n0\n5432\n`);
    const afterStaleLock = await startApp();
    expect(afterStaleLock.output()).toContain("Removing a stale postmaster.pid");

    // The launcher killed outright: its PostgreSQL runs on without it, holding the data directory.
    const script = afterStaleLock.child.pid!;
    const server = descendant(script, NEXT_SERVER)!;
    const orphan = Number(readFileSync(postmasterPid, "utf8").split("\n")[0]);
    process.kill(server, "SIGKILL");
    process.kill(script, "SIGKILL");
    await new Promise((resolve) => afterStaleLock.child.once("exit", resolve));
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const afterOrphan = await startApp();
    expect(afterOrphan.output()).toContain("left running without its launcher");
    expect(() => process.kill(orphan, 0)).toThrow();
    expect(await stop(afterOrphan.child)).toBe(0);
    expect(existsSync(postmasterPid)).toBe(false);
  }, 600_000);
});

describe("npm start with DATABASE_URL", () => {
  it("refuses to start without a required secret, and names it (issue 32)", async () => {
    const attempt = (secrets: Record<string, string>) =>
      runScript(process.execPath, [tsx, "scripts/start.ts"], {
        env: {
          ...process.env,
          DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
          AUTH_SECRET: "",
          BIRTH_DATA_KEY: "",
          TWO_FACTOR_KEY: "",
          ...secrets,
        },
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
    const twoFactorKey = Buffer.alloc(32, 2).toString("base64");
    const withoutKey = await attempt({
      AUTH_SECRET: "a-secret-that-is-long-enough-0123456789",
      TWO_FACTOR_KEY: twoFactorKey,
    });
    expect(withoutKey?.code).toBe(1);
    expect(withoutKey?.stderr).toContain("BIRTH_DATA_KEY is not set");
    expect(withoutKey?.stderr).not.toContain("AUTH_SECRET");
    const shortKey = await attempt({
      AUTH_SECRET: "a-secret-that-is-long-enough-0123456789",
      BIRTH_DATA_KEY: Buffer.alloc(16).toString("base64"),
      TWO_FACTOR_KEY: twoFactorKey,
    });
    expect(shortKey?.stderr).toContain("BIRTH_DATA_KEY is not 32 bytes");
    // Two-factor secrets have their own key (issue 27 item 5), named when it is missing.
    const withoutTwoFactorKey = await attempt({
      AUTH_SECRET: "a-secret-that-is-long-enough-0123456789",
      BIRTH_DATA_KEY: Buffer.alloc(32, 1).toString("base64"),
    });
    expect(withoutTwoFactorKey?.code).toBe(1);
    expect(withoutTwoFactorKey?.stderr).toContain("TWO_FACTOR_KEY is not set");
    expect(withoutTwoFactorKey?.stderr).not.toContain("BIRTH_DATA_KEY");
    const withoutAny = await attempt({});
    expect(withoutAny?.stderr).toMatch(/AUTH_SECRET is not set.*BIRTH_DATA_KEY is not set.*TWO_FACTOR_KEY is not set/s);
    // Nor without the site's public address, which every emailed link and the cross-site check use (issue 24).
    const secrets = {
      AUTH_SECRET: "a-secret-that-is-long-enough-0123456789",
      BIRTH_DATA_KEY: Buffer.alloc(32, 1).toString("base64"),
      TWO_FACTOR_KEY: twoFactorKey,
    };
    const withoutAddress = await attempt({ ...secrets, APP_URL: "" });
    expect(withoutAddress?.code).toBe(1);
    expect(withoutAddress?.stderr).toContain("APP_URL is not set");
    expect((await attempt({ ...secrets, APP_URL: "https://community.example/some/path" }))?.stderr).toContain(
      "APP_URL must be the site's origin alone, e.g. https://community.example.",
    );
  }, 120_000);
});

const postmasterPid = path.join(dataDir, "postgres", "postmaster.pid");
/** The app's server process (scripts/serve.mjs; a bare `next start` renames itself "next-server (vX)"). */
const NEXT_SERVER = /next-server|next\/dist\/bin\/next|scripts\/serve\.mjs/;

/** The first process under `root` (children, then theirs) whose command line matches. */
function descendant(root: number, pattern: RegExp): number | undefined {
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

/** Decision 014: the serving process runs with the heap flags and glibc's two malloc arenas. */
function checkServerMemorySettings(launcher: number) {
  const server = descendant(launcher, NEXT_SERVER)!;
  expect(readFileSync(`/proc/${server}/cmdline`, "utf8").split("\0")).toEqual(
    expect.arrayContaining(["--max-old-space-size=512", "--heap-growing-percent=20"]),
  );
  expect(readFileSync(`/proc/${server}/environ`, "utf8").split("\0")).toContain(
    `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? "2"}`,
  );
}

const runScript = promisify(execFile);
const tsx = path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs");

/**
 * Issue 31: the operator's commands work beside a running npm start, on its embedded database (they
 * failed on its lock file), and admin:create without a terminal or ADMIN_PASSWORD says so and fails.
 */
async function checkOperatorScriptsBesideTheApp(baseUrl: string) {
  const env = { ...process.env, DATABASE_URL: "", AUTH_SECRET: "", COMMUNITY_DATA_DIR: dataDir, S3_BUCKET: "" };
  const created = await runScript(
    process.execPath,
    [tsx, "scripts/create-admin.ts", "--username", "ops_admin", "--email", "ops@example.com", "--first-name", "Ops"],
    {
      env: { ...env, ADMIN_PASSWORD: "ops-admin-password-1" },
    },
  );
  expect(created.stdout).toContain("Administrator ops_admin <ops@example.com> is ready.");
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ username: "ops_admin", password: "ops-admin-password-1" }),
  });
  expect(login.status).toBe(200);

  const noTerminal = await runScript(
    process.execPath,
    [tsx, "scripts/create-admin.ts", "--username", "nobody", "--email", "nobody@example.com", "--first-name", "No"],
    { env },
  ).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(noTerminal?.code).toBe(1);
  expect(noTerminal?.stderr).toContain("set ADMIN_PASSWORD");

  const backup = path.join(dataDir, "backup-beside-the-app");
  expect((await runScript(process.execPath, [tsx, "scripts/db-backup.ts", backup], { env })).stdout).toContain(
    `Backup written to ${backup}`,
  );
  // stripe:sync against the run's Stripe stand-in, on the running embedded database.
  const synced = await runScript(process.execPath, [tsx, "--conditions=react-server", "scripts/stripe-sync.ts"], {
    env: {
      ...env,
      STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY ?? "",
      STRIPE_API_BASE_URL: process.env.STRIPE_API_BASE_URL ?? "",
    },
  });
  expect(synced.stdout).toMatch(/connect/i);
}
