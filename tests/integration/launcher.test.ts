import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import sharp from "sharp";
import { freePort } from "../../scripts/lib/free-port";
import { REACHABLE_HOME } from "../../scripts/lib/postgres-programs";
import {
  cloneOfThisCheckout,
  descendant,
  NEXT_SERVER,
  startLauncher,
  stopLauncher,
  type Launcher,
} from "../support/launcher";
import { testEnv } from "../support/env";
import { setUpTwoFactor } from "../support/two-factor";

// `npm start` as a new user runs it: embedded PostgreSQL on a clean data directory, migrations,
// demo seed, logins printed; SIGTERM stops PostgreSQL cleanly; a second start reuses the data.
//
// The first start is the README's own: a clone with no build yet, run as root (as everything here is)
// from a folder only root can enter, as root's home is. A first start builds (about 2 minutes alone),
// so one run covers both: the first start once exited after its build, and as root in a private
// folder the embedded PostgreSQL, which runs as its own system user, could not start at all.
const home = mkdtempSync(path.join(tmpdir(), "community-launcher-")); // 0700, like /root
const clone = path.join(home, "community");
const dataDir = path.join(clone, ".data");
const postmasterPid = path.join(dataDir, "postgres", "postmaster.pid");
const started: ChildProcess[] = [];
// A test that failed half-way leaves no launcher running for the next one (or for the machine).
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
});
afterAll(() => {
  // Out of reach of PostgreSQL's user, its data directory is kept under REACHABLE_HOME (a link here).
  const link = path.join(dataDir, "postgres");
  const kept = lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() ? realpathSync(link) : null;
  rmSync(home, { recursive: true, force: true });
  if (kept?.startsWith(`${REACHABLE_HOME}/`)) rmSync(kept, { recursive: true, force: true });
});

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
  const asApplicant = await (await fetch(`${baseUrl}/payment/${token}`)).text();
  expect(asApplicant).toContain("Payments are not configured");
  expect(asApplicant).not.toContain("trying card payments");
  // An administrator following the demo's money path is told how to try it with Stripe's test keys.
  const asAdmin = await (await fetch(`${baseUrl}/payment/${token}`, { headers: { cookie: adminCookie } })).text();
  expect(asAdmin).toContain("For administrators: trying card payments");
  expect(asAdmin).toMatch(/STRIPE_SECRET_KEY=sk_test_\.\.\. STRIPE_PUBLISHABLE_KEY=pk_test_\.\.\. npm start/);

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
  it("starts a clone with no build, as root in a folder only root can enter: builds, seeds, prints the demo logins and serves; stops PostgreSQL cleanly and reuses the data", async () => {
    await cloneOfThisCheckout(clone);
    expect(existsSync(path.join(clone, ".next"))).toBe(false);
    // The build and the first seeding on a machine other builds share: minutes.
    const first = await startLauncher({ cwd: clone, dataDir, readyWithinMs: 900_000, started });
    expect(first.output()).toContain("No production build yet: building first");
    expect(first.output()).toContain("Seeding demo data");
    for (const login of ["admin", "member", "mentor", "partner"])
      expect(first.output()).toMatch(new RegExp(`${login}\\s+community-demo`));
    expect((await fetch(`${first.baseUrl}/`)).status).toBe(200);
    // PostgreSQL's system user cannot enter the folder: its data and its programs are where it can.
    expect(first.output()).toContain(`the database is kept in ${REACHABLE_HOME}/`);
    const postmaster = Number(readFileSync(postmasterPid, "utf8").split("\n")[0]);
    expect(realpathSync(`/proc/${postmaster}/exe`).startsWith(`${REACHABLE_HOME}/`)).toBe(true);

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

    expect(await stopLauncher(first)).toBe(0);
    expect(existsSync(postmasterPid)).toBe(false);

    const second = await startLauncher({ cwd: clone, dataDir, started });
    expect(second.output()).not.toContain("Seeding demo data");
    expect(second.output()).not.toContain("No production build yet");
    expect(second.output()).toContain("Demo logins");
    expect(await stopLauncher(second)).toBe(0);
    expect(existsSync(postmasterPid)).toBe(false);
  }, 1_200_000);

  it("is a process to supervise: exits non-zero when the server dies, starts over a stale or orphaned PostgreSQL, brings its PostgreSQL back, and exits 1 when it cannot", async () => {
    // The server killed from outside (the OOM killer, say): npm start stops PostgreSQL and fails.
    const app = await startLauncher({ dataDir, started });
    process.kill(descendant(app.child.pid!, NEXT_SERVER)!, "SIGKILL");
    expect(await app.exited).toBe(137);
    expect(app.output()).toContain("The server was killed by SIGKILL");
    expect(existsSync(postmasterPid)).toBe(false);

    // A lock file left by a crash whose process number now belongs to another process (after a reboot,
    // in a container): PostgreSQL alone would refuse to start over it.
    writeFileSync(postmasterPid, `${process.pid}\n${path.join(dataDir, "postgres")}\n0\n5432\n`);
    const afterStaleLock = await startLauncher({ dataDir, started });
    expect(afterStaleLock.output()).toContain("Removing a stale postmaster.pid");

    await checkDatabaseComesBack(afterStaleLock);

    // The launcher killed outright: its PostgreSQL runs on without it, holding the data directory.
    const script = afterStaleLock.child.pid!;
    const server = descendant(script, NEXT_SERVER)!;
    const orphan = Number(readFileSync(postmasterPid, "utf8").split("\n")[0]);
    process.kill(server, "SIGKILL");
    process.kill(script, "SIGKILL");
    await afterStaleLock.exited;
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const afterOrphan = await startLauncher({ dataDir, started });
    expect(afterOrphan.output()).toContain("left running without its launcher");
    expect(() => process.kill(orphan, 0)).toThrow();

    await checkDatabaseLost(afterOrphan);
  }, 600_000);
});

/** The running PostgreSQL's process, from its lock file. */
const runningPostmaster = () => Number(readFileSync(postmasterPid, "utf8").split("\n")[0]);

/**
 * Requests to `/` (a cached public page) and /api/health, one after the other, until `stop` is called;
 * answers each one's status (0: no answer at all, the server was gone).
 */
function keepAsking(baseUrl: string) {
  const statuses: { page: number[]; api: number[] } = { page: [], api: [] };
  let asking = true;
  const status = (url: string) =>
    fetch(url).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
  const loop = (async () => {
    while (asking) {
      statuses.page.push(await status(`${baseUrl}/`));
      statuses.api.push(await status(`${baseUrl}/api/health`));
    }
  })();
  return {
    statuses,
    stop: async () => {
      asking = false;
      await loop;
      return statuses;
    },
  };
}

/** Waits until `/api/health` answers 200 again. */
async function healthyAgain(baseUrl: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; ;) {
    if (
      (await fetch(`${baseUrl}/api/health`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return;
    if (Date.now() > deadline) throw new Error("the app did not become healthy again within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Docs/decisions 015, 016 and 036: PostgreSQL restarted by hand (pg_ctl restart -m fast, as its
 * system user) and then crashed (SIGKILL): each time the launcher has it back, started by pg_ctl or by
 * itself, and the server never stops: `/` is served from the page cache throughout, and API calls are
 * answered 200 or 503, never refused.
 */
async function checkDatabaseComesBack(app: Launcher) {
  await fetch(`${app.baseUrl}/`); // in the page cache
  const dataDirectory = realpathSync(path.join(dataDir, "postgres"));
  const pgCtl = path.join(path.dirname(realpathSync(`/proc/${runningPostmaster()}/exe`)), "pg_ctl");
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());

  const byHand = keepAsking(app.baseUrl);
  const before = runningPostmaster();
  const restarted = spawn(pgCtl, ["restart", "-m", "fast", "-w", "-D", dataDirectory], {
    uid: id("-u"),
    gid: id("-g"),
    cwd: "/",
    stdio: "ignore",
  });
  expect(await new Promise((resolve) => restarted.once("exit", resolve))).toBe(0);
  await healthyAgain(app.baseUrl);
  const duringRestart = await byHand.stop();
  expect(runningPostmaster()).not.toBe(before);
  expect(app.output()).toMatch(
    /The embedded PostgreSQL is back after [\d.]+ s \(process \d+, started by another program\)/,
  );

  const crash = keepAsking(app.baseUrl);
  process.kill(runningPostmaster(), "SIGKILL");
  await healthyAgain(app.baseUrl);
  const duringCrash = await crash.stop();
  // The one pg_ctl started is no child of the launcher's: its end is seen, not how it ended.
  expect(app.output()).toMatch(
    /The embedded PostgreSQL stopped \((killed by SIGKILL|its process ended)\); starting it again\.[^]*The embedded PostgreSQL is back after [\d.]+ s \(process \d+\)\./,
  );

  for (const during of [duringRestart, duringCrash]) {
    expect(during.page.filter((status) => status !== 200)).toEqual([]);
    expect(during.api.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  }
  expect(app.child.exitCode).toBeNull();
}

/**
 * PostgreSQL crashes and cannot come back (another program took its port): the launcher stops the
 * server and exits 1, so that a supervisor restarting on failure starts it all again.
 */
async function checkDatabaseLost(app: Launcher) {
  const port = Number(readFileSync(postmasterPid, "utf8").split("\n")[3]);
  const squatter = net.createServer((socket) => socket.destroy());
  process.kill(runningPostmaster(), "SIGKILL");
  // The port is free once the kernel has closed the dead server's socket.
  for (;;) {
    const bound = await new Promise<boolean>((resolve) => {
      squatter.once("error", () => resolve(false));
      squatter.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (bound) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  try {
    expect(await app.exited).toBe(1);
  } finally {
    squatter.close();
  }
  expect(app.output()).toContain("The embedded PostgreSQL could not be brought back: it did not come back within");
}

describe("npm start with DATABASE_URL", () => {
  it("refuses to start without a required secret, and names it", async () => {
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
    // Two-factor secrets have their own key, named when it is missing.
    const withoutTwoFactorKey = await attempt({
      AUTH_SECRET: "a-secret-that-is-long-enough-0123456789",
      BIRTH_DATA_KEY: Buffer.alloc(32, 1).toString("base64"),
    });
    expect(withoutTwoFactorKey?.code).toBe(1);
    expect(withoutTwoFactorKey?.stderr).toContain("TWO_FACTOR_KEY is not set");
    expect(withoutTwoFactorKey?.stderr).not.toContain("BIRTH_DATA_KEY");
    const withoutAny = await attempt({});
    expect(withoutAny?.stderr).toMatch(/AUTH_SECRET is not set.*BIRTH_DATA_KEY is not set.*TWO_FACTOR_KEY is not set/s);
    // Nor without the site's public address, which every emailed link and the cross-site check use.
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
    // Nor with an SMTP server and no sender: every email would have gone out as no-reply@localhost.
    const withoutSender = await attempt({
      ...secrets,
      APP_URL: "https://community.example",
      SMTP_URL: "smtp://127.0.0.1:1",
      EMAIL_FROM: "",
    });
    expect(withoutSender?.code).toBe(1);
    expect(withoutSender?.stderr).toContain("EMAIL_FROM is not set, and SMTP_URL is");
  }, 120_000);

  it("prints what PostgreSQL said, and its code, when a migration fails in npm run build or npm start", async () => {
    // A role that may connect to its database but not create schemas in it, as a managed PostgreSQL may hand out.
    const role = `no_create_${process.pid}`;
    const database = `migrations_refused_${process.pid}`;
    const admin = new Client({ connectionString: testEnv().databaseUrl });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login password 'refused-password'`);
      await admin.query(`create database ${database}`);
      const url = new URL(testEnv().databaseUrl);
      Object.assign(url, { username: role, password: "refused-password", pathname: `/${database}` });
      const env = {
        ...process.env,
        DATABASE_URL: url.toString(),
        AUTH_SECRET: "a-secret-that-is-long-enough-0123456789",
        BIRTH_DATA_KEY: Buffer.alloc(32, 1).toString("base64"),
        TWO_FACTOR_KEY: Buffer.alloc(32, 2).toString("base64"),
        APP_URL: "https://community.example",
      };
      for (const command of [["scripts/with-db.ts", "true"], ["scripts/start.ts"]]) {
        const failed = await runScript(process.execPath, [tsx, ...command], { env }).then(
          () => null,
          (error: { code: number; stderr: string }) => error,
        );
        expect(failed?.code).toBe(1);
        expect(failed?.stderr).toContain('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"');
        expect(failed?.stderr).toContain(`PostgreSQL said: permission denied for database ${database} (ERROR 42501)`);
        expect(failed?.stderr).not.toContain("refused-password");
      }
    } finally {
      await admin.query(`drop database if exists ${database}`);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  }, 60_000);

  it("refuses, on the embedded default too, an SMTP server without EMAIL_FROM, before it starts anything", async () => {
    const nowhere = path.join(home, "never-made");
    const refused = await runScript(process.execPath, [tsx, "scripts/start.ts"], {
      // Should it start after all, it is asked to stop (SIGTERM) rather than left serving.
      timeout: 30_000,
      env: {
        ...process.env,
        PORT: String(await freePort()),
        DATABASE_URL: "",
        COMMUNITY_DATA_DIR: nowhere,
        SMTP_URL: "smtp://127.0.0.1:1",
        EMAIL_FROM: " ",
      },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain("EMAIL_FROM is not set, and SMTP_URL is");
    expect(existsSync(nowhere)).toBe(false);
  }, 60_000);
});

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
 * The operator's commands work beside a running npm start, on its embedded database (they
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
