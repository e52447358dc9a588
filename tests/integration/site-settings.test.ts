import { and, desc, eq } from "drizzle-orm";
import { assistantPassages, auditLog, siteSettings } from "@/db/schema";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";
import { testEnv } from "../support/env";

afterAll(closeTestDb);

describe("site settings API", () => {
  let cookie: string;
  let admin: Awaited<ReturnType<typeof createTestUser>>;
  beforeAll(async () => {
    admin = await createTestUser({ isAdmin: true });
    cookie = await signIn(admin.username, TEST_PASSWORD);
  });

  it("saves a subset, keeps the rest, audit-logs what changed, and the static pages show it at once", async () => {
    const { json: before } = await call("/api/admin/settings", { cookie });
    expect(before).toMatchObject({ siteName: expect.any(String), trialDays: expect.any(Number) });
    const city = `Testville ${Date.now()}`;
    try {
      const saved = await call("/api/admin/settings", { method: "PUT", body: { contactCity: city }, cookie });
      expect(saved.status).toBe(200);
      expect(saved.json).toEqual({ ...before, contactCity: city });
      expect((await call("/contact")).text).toMatch(new RegExp(`Based in (<!-- -->)?${city}`));
      expect((await call("/about")).text).toContain(city); // the footer of another static page

      const [entry] = await testDb()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "settings.update"), eq(auditLog.actorId, admin.id)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry?.details).toEqual({ changed: ["contactCity"] });
    } finally {
      await call("/api/admin/settings", { method: "PUT", body: { contactCity: before.contactCity }, cookie });
    }
  });

  it("serves /.well-known/security.txt (RFC 9116) from the settings, static, with the contact address once one is set", async () => {
    const { json: before } = await call("/api/admin/settings", { cookie });
    const { baseUrl } = testEnv();
    const fields = (text: string) =>
      text
        .trimEnd()
        .split("\n")
        .map((line) => line.split(/: (.*)/s).slice(0, 2));
    const first = await call("/.well-known/security.txt");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    // From the page cache (HIT, STALE while it is made again, MISS just after a settings save), never rendered per request.
    expect((await call("/.well-known/security.txt")).headers.get("x-nextjs-cache")).not.toBeNull();
    const expires = Date.parse(Object.fromEntries(fields(first.text)).Expires!);
    // Section 2.5.5: required, and less than a year away.
    expect(expires).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
    expect(fields(first.text).filter(([name]) => name !== "Expires")).toEqual([
      ["Contact", `${baseUrl}/contact`],
      ["Preferred-Languages", "en"],
      ["Canonical", `${baseUrl}/.well-known/security.txt`],
    ]);
    try {
      expect(
        (
          await call("/api/admin/settings", {
            method: "PUT",
            body: { contactEmail: "security-desk@example.org" },
            cookie,
          })
        ).status,
      ).toBe(200);
      const updated = fields((await call("/.well-known/security.txt")).text);
      expect(updated.filter(([name]) => name === "Contact")).toEqual([
        ["Contact", "mailto:security-desk@example.org"],
        ["Contact", `${baseUrl}/contact`],
      ]);
    } finally {
      await call("/api/admin/settings", { method: "PUT", body: { contactEmail: before.contactEmail }, cookie });
    }
    expect((await call("/.well-known/security.txt")).text).not.toContain("mailto:");
  });

  it("re-indexes the assistant's FAQ passages after a save (the assistant listens for settings.saved)", async () => {
    const { json: before } = await call("/api/admin/settings", { cookie });
    const trialDays = before.trialDays === 23 ? 24 : 23;
    const faqMentions = async (text: string) => {
      const rows = await testDb()
        .select({ body: assistantPassages.body })
        .from(assistantPassages)
        .where(eq(assistantPassages.sourceKind, "faq"));
      return rows.some((row) => row.body.includes(text));
    };
    try {
      expect(await faqMentions(`${trialDays}-day free trial`)).toBe(false);
      expect((await call("/api/admin/settings", { method: "PUT", body: { trialDays }, cookie })).status).toBe(200);
      const deadline = Date.now() + 60_000;
      while (!(await faqMentions(`${trialDays}-day free trial`)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      expect(await faqMentions(`${trialDays}-day free trial`)).toBe(true);
    } finally {
      await call("/api/admin/settings", { method: "PUT", body: { trialDays: before.trialDays }, cookie });
    }
  }, 90_000);

  it("refuses bad values with the field's message and stores nothing", async () => {
    const rowsBefore = await testDb().select().from(siteSettings);
    const bad = await call("/api/admin/settings", {
      method: "PUT",
      body: { siteName: "Renamed", instagramUrl: "javascript:alert(1)", trialDays: -1, contactEmail: "nope" },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({
      instagramUrl: "Please enter a full web address starting with https://, or leave it empty",
      trialDays: "Trial days cannot be negative",
      contactEmail: "Please enter a valid email address",
    });
    expect(await testDb().select().from(siteSettings)).toEqual(rowsBefore);
  });

  it("ignores a stored value that no longer validates, falling back to that setting's default only", async () => {
    const { json: before } = await call("/api/admin/settings", { cookie });
    await testDb()
      .insert(siteSettings)
      .values({ key: "facebookUrl", value: 42 })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: 42 } });
    try {
      const { json: after } = await call("/api/admin/settings", { cookie });
      expect(after).toEqual({ ...before, facebookUrl: "" });
    } finally {
      await testDb().update(siteSettings).set({ value: before.facebookUrl }).where(eq(siteSettings.key, "facebookUrl"));
    }
  });
});

describe("a fresh install's contact details", () => {
  it("has none until an administrator sets them: no placeholder address, phone, city or bare social link on any page", async () => {
    const stored = await testDb().select().from(siteSettings);
    const keys = ["contactEmail", "contactPhone", "contactCity", "instagramUrl", "facebookUrl", "linkedinUrl"];
    // The test database is a fresh install's: none of these was set (the test above puts back what it changed).
    expect(stored.filter((row) => keys.includes(row.key) && row.value !== "")).toEqual([]);
    for (const path of ["/", "/about", "/contact", "/faq", "/blog"]) {
      const page = await call(path);
      expect(page.status).toBe(200);
      for (const placeholder of [
        "hello@example.com",
        "(555) 010-0199",
        "Your City",
        'href="https://www.instagram.com/"',
        'href="https://www.facebook.com/"',
        'href="https://www.linkedin.com/"',
        'href="mailto:"',
        'href="tel:"',
      ]) {
        expect([path, page.text.includes(placeholder)]).toEqual([path, false]);
      }
      expect(page.text).toContain('href="/contact"');
    }
    expect((await call("/faq")).text).toContain("write to us through our contact form");
  });
});

describe("contact messages", () => {
  it("an admin reads the messages sent from the contact form, newest first", async () => {
    const subject = `Question ${Date.now()}`;
    const sent = await call("/api/contact", {
      method: "POST",
      body: {
        name: "Ama Visitor",
        email: "ama@example.com",
        subject,
        message: "Do you run <b>workshops</b> for beginners?",
        source: "contact",
      },
      headers: { "x-forwarded-for": `203.0.113.${Date.now() % 250}` },
    });
    expect(sent.status).toBeLessThan(300);
    const admin = await createTestUser({ isAdmin: true });
    const page = await call("/admin/messages", { cookie: await signIn(admin.username, TEST_PASSWORD) });
    expect(page.status).toBe(200);
    expect(page.text).toContain(subject);
    // The message is shown as text, never as HTML.
    expect(page.text).toContain("Do you run &lt;b&gt;workshops&lt;/b&gt; for beginners?");
  });
});
