import { eq, sql } from "drizzle-orm";
import { newsletterSubscribers } from "@/db/schema";
import { closeTestDb, createTestUser, latestEmailTo, linkIn, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

afterAll(closeTestDb);

let ipCounter = 0;
// Each test gets its own client address so that the per-IP limit of one test does not touch another.
const fromIp = () => ({ "x-forwarded-for": `203.0.113.${++ipCounter}` });
const subscribe = (email: string, headers = fromIp()) => call("/api/newsletter/subscribe", { body: { email, source: "home" }, headers });
const rowFor = async (email: string) => (await testDb().select().from(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase())))[0];
const confirmTokenOf = (text: string) => new URL(linkIn(text, "/newsletter/confirm/")).pathname.split("/").pop()!;

describe("newsletter double opt-in", () => {
  it("subscribes as pending, emails a confirmation with List-Unsubscribe, and confirms only by POST", async () => {
    const email = `reader_${Date.now()}@example.com`;
    const result = await subscribe(email);
    expect(result.status).toBe(200);
    expect((await rowFor(email))?.status).toBe("pending");

    const mail = await latestEmailTo(email);
    expect(mail).toMatchObject({ kind: "newsletter-confirm" });
    expect(mail!.headers["List-Unsubscribe"]).toMatch(/^<http.*\/api\/newsletter\/unsubscribe\?token=.+>$/);
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain("/newsletter/unsubscribe/");
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
    const rows = await testDb().select().from(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, email));
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
    const response = await call(`${url.pathname}${url.search}`, { method: "POST", origin: null, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(200);
    expect((await rowFor(email))?.status).toBe("unsubscribed");
    expect((await call("/api/newsletter/unsubscribe?token=not-a-real-token-at-all", { method: "POST" })).status).toBe(404);
  });

  it("rejects an invalid address with the spec's message", async () => {
    const result = await subscribe("not-an-email");
    expect(result.status).toBe(400);
    expect(result.json.fields.email).toBe("Please enter a valid email address");
  });

  it("limits sign-ups per client address", async () => {
    const headers = fromIp();
    for (let i = 0; i < 10; i++) expect((await subscribe(`burst_${i}_${Date.now()}@example.com`, headers)).status).toBe(200);
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
  it("stores the message and emails the administrators", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const subject = `Private event ${Date.now()}`;
    const result = await call("/api/contact", { body: { name: "Ada Visitor", email: "ada@example.com", subject, message: "We would love a team retreat in spring.", source: "contact" }, headers: fromIp() });
    expect(result.status).toBe(201);
    const mail = await latestEmailTo(admin.email);
    expect(mail?.subject).toContain(subject);
    expect(mail?.text).toContain("We would love a team retreat in spring.");
    const bad = await call("/api/contact", { body: { name: "A", email: "x", subject: "", message: "short", source: "faq" }, headers: fromIp() });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ email: "Please enter a valid email address" });
  });
});
