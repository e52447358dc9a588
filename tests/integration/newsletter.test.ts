import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox, newsletterSubscribers } from "@/db/schema";
import { createTestUser, latestEmailTo, linkIn, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";
import { closeInProcessApp } from "../support/in-process";

afterAll(closeInProcessApp);

let ipCounter = 0;
// Each test gets its own client address so that the per-IP limit of one test does not touch another.
const fromIp = () => ({ "x-forwarded-for": `203.0.113.${++ipCounter}` });
const subscribe = (email: string, headers = fromIp()) =>
  call("/api/newsletter/subscribe", { body: { email, source: "home" }, headers });
const rowFor = async (email: string) =>
  (
    await testDb()
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()))
  )[0];
const confirmTokenOf = (text: string) => new URL(linkIn(text, "/newsletter/confirm/")).pathname.split("/").pop()!;

describe("newsletter double opt-in", () => {
  it("subscribes as pending, emails a confirmation with List-Unsubscribe, and confirms only by POST", async () => {
    const email = `reader_${Date.now()}@example.com`;
    const result = await subscribe(email);
    expect(result.status).toBe(200);
    expect((await rowFor(email))?.status).toBe("pending");

    const mail = await latestEmailTo(email);
    expect(mail).toMatchObject({ kind: "newsletter-confirm" });
    expect(mail!.headers["List-Unsubscribe"]).toMatch(/^<http.*\/unsubscribe\/s\d+-newsletter-[\w-]+>$/);
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain(`Unsubscribe: ${mail!.headers["List-Unsubscribe"]!.slice(1, -1)}`);
    const token = confirmTokenOf(mail!.text);

    // A link scanner's GET of the page confirms nothing.
    const page = await call(`/newsletter/confirm/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Confirm subscription");
    expect((await rowFor(email))?.status).toBe("pending");

    expect((await call("/api/newsletter/confirm", { body: { token } })).status).toBe(200);
    const confirmed = await rowFor(email);
    expect(confirmed?.status).toBe("confirmed");
    expect(confirmed?.confirmedAt).not.toBeNull();
    expect((await call("/api/newsletter/confirm", { body: { token } })).status).toBe(404);
  });

  it("treats a second subscription as success without a duplicate, and sends a confirmed address nothing", async () => {
    const email = `twice_${Date.now()}@example.com`;
    await subscribe(email);
    expect((await subscribe(email.toUpperCase())).status).toBe(200);
    const rows = await testDb()
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email));
    expect(rows).toHaveLength(1);

    const token = confirmTokenOf((await latestEmailTo(email))!.text);
    await call("/api/newsletter/confirm", { body: { token } });
    const before = (await latestEmailTo(email))!.id;
    expect((await subscribe(email)).status).toBe(200);
    expect((await latestEmailTo(email))!.id).toBe(before);
  });

  it("unsubscribes with the one-click POST of List-Unsubscribe (no Origin, form body)", async () => {
    const email = `leaver_${Date.now()}@example.com`;
    await subscribe(email);
    const oneClick = (await latestEmailTo(email))!.headers["List-Unsubscribe"]!.slice(1, -1);
    const url = new URL(oneClick);
    const response = await call(`${url.pathname}${url.search}`, {
      method: "POST",
      origin: null,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    expect((await rowFor(email))?.status).toBe("unsubscribed");
    expect((await call("/api/newsletter/unsubscribe?token=not-a-real-token-at-all", { method: "POST" })).status).toBe(
      404,
    );
  });

  it("keeps the links of newsletter emails sent before the one unsubscribe", async () => {
    const email = `old_link_${Date.now()}@example.com`;
    await subscribe(email);
    const { id, unsubscribeToken } = (await rowFor(email))!;
    const page = await call(`/newsletter/unsubscribe/${unsubscribeToken}`);
    expect(page.headers.get("location")).toMatch(new RegExp(`^/unsubscribe/s${id}-newsletter-[\\w-]+$`));
    expect((await call(page.headers.get("location")!)).text).toContain(`Stop sending the newsletter to ${email}?`);
    const oneClick = await call(`/api/newsletter/unsubscribe?token=${unsubscribeToken}`, {
      method: "POST",
      origin: null,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect((await rowFor(email))?.status).toBe("unsubscribed");
  });

  it("expires a confirmation link after 7 days, as the email says, while its unsubscribe links keep working", async () => {
    const email = `late_${Date.now()}@example.com`;
    await subscribe(email);
    const mail = (await latestEmailTo(email))!;
    expect(mail.text).toContain("The link works for 7 days.");
    const token = confirmTokenOf(mail.text);
    const oneClick = new URL(mail.headers["List-Unsubscribe"]!.slice(1, -1));

    // Sent eight days ago: the page offers nothing to press, and confirming is refused.
    await testDb()
      .update(newsletterSubscribers)
      .set({ confirmSentAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email));
    const page = await call(`/newsletter/confirm/${token}`);
    expect(page.text).toContain("This confirmation link has expired or has already been used.");
    expect(page.text).not.toContain("Press the button to start receiving our newsletter.");
    const refused = await call("/api/newsletter/confirm", { body: { token } });
    expect([refused.status, refused.json.error]).toEqual([
      404,
      "This confirmation link has expired or has already been used.",
    ]);
    expect((await rowFor(email))?.status).toBe("pending");

    // Signing up again sends a new link, which works.
    await subscribe(email);
    const fresh = confirmTokenOf((await latestEmailTo(email))!.text);
    expect(fresh).not.toBe(token);
    expect((await call("/api/newsletter/confirm", { body: { token: fresh } })).status).toBe(200);

    // Long after, the first email's one-click unsubscribe (RFC 8058: no Origin, a form body) still works.
    await testDb()
      .update(newsletterSubscribers)
      .set({ confirmedAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email));
    const left = await call(`${oneClick.pathname}${oneClick.search}`, {
      method: "POST",
      origin: null,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(left.status).toBe(200);
    expect((await rowFor(email))?.status).toBe("unsubscribed");
  });

  it("rejects an invalid address with the spec's message", async () => {
    const result = await subscribe("not-an-email");
    expect(result.status).toBe(400);
    expect(result.json.fields.email).toBe("Please enter a valid email address");
  });

  it("limits sign-ups per client address", async () => {
    const headers = fromIp();
    for (let i = 0; i < 10; i++)
      expect((await subscribe(`burst_${i}_${Date.now()}@example.com`, headers)).status).toBe(200);
    const limited = await subscribe(`burst_over_${Date.now()}@example.com`, headers);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("exports subscribers as CSV for admins only", async () => {
    const email = `csv_${Date.now()}@example.com`;
    await subscribe(email);
    const admin = await createTestUser({ isAdmin: true });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    const csv = await call("/api/admin/newsletter/export", { cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(csv.text.split("\r\n")[0]).toBe("email,status,source,subscribed_at,confirmed_at,unsubscribed_at");
    expect(csv.text).toContain(`${email},pending,home,`);
  });
});

describe("contact form", () => {
  const contactEmailsTo = (address: string) =>
    testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, address), eq(emailOutbox.kind, "contact-message")))
      .orderBy(emailOutbox.id);
  const send = (
    subject: string,
    email = `sender_${randomUUID()}@example.com`,
    headers: Record<string, string> = fromIp(),
  ) =>
    call("/api/contact", {
      body: {
        name: "Ada Visitor",
        email,
        subject,
        message: "We would love a team retreat in spring.",
        source: "contact",
      },
      headers,
    });
  /** The notice the minutely job sends, as if the interval since the last one had passed. */
  const runNotices = async () =>
    (await import("@/server/contact")).sendContactNotices(new Date(Date.now() + 11 * 60_000));

  it("stores the message and emails the administrators, answering the sender by Reply-To", async () => {
    // Messages other tests left untold would share her notice: they are told first, before she joins.
    await runNotices();
    const admin = await createTestUser({ isAdmin: true });
    const subject = `Private event ${Date.now()}`;
    const result = await send(subject, "ada@example.com");
    expect(result.status).toBe(201);
    // At once in a quiet time, or in the next notice if another went out a moment ago.
    if ((await contactEmailsTo(admin.email)).length === 0) await runNotices();
    const [mail] = await contactEmailsTo(admin.email);
    expect(mail?.subject).toContain(subject);
    expect(mail?.text).toContain("We would love a team retreat in spring.");
    expect(mail?.headers["Reply-To"]).toBe("ada@example.com");
    const bad = await call("/api/contact", {
      body: { name: "A", email: "x", subject: "", message: "short", source: "faq" },
      headers: fromIp(),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ email: "Please enter a valid email address" });
  });

  it("tells the administrators of a burst of messages in one notice, not one email each", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const tag = randomUUID().slice(0, 8);
    const subjects = Array.from({ length: 8 }, (_, i) => `Burst ${tag} ${i}`);
    for (const subject of subjects) expect((await send(subject)).status).toBe(201);
    expect((await contactEmailsTo(admin.email)).length).toBeLessThanOrEqual(1);
    await runNotices();
    const mails = await contactEmailsTo(admin.email);
    // The first may have gone at once; the job may have sent the rest before this test asked: two at most.
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(2);
    const told = mails.map((m) => m.text).join("\n");
    for (const subject of subjects) expect(told).toContain(subject);
    expect(await runNotices()).toBe(0);
  });

  it("limits messages per sender address, whatever the client address", async () => {
    const email = `persistent_${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await send(`Again ${i}`, email)).status).toBe(201);
    const limited = await send("Once more", email);
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe("You have sent several messages already. Please try again later.");
  });
});
