import { createPrivateKey, createPublicKey } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, emailOutbox, emailSuppressions, notificationPreferences, notifications, users } from "@/db/schema";
import type { NotificationKind } from "@/features/notifications/constants";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { testEnv } from "../support/env";
import { call, randomIp, signIn } from "../support/http";
import { closeInProcessApp } from "../support/in-process";
import { headerOf, messagesTo, rejectNextDeliveries, verifyDkim } from "../support/mailbox";
import { TEST_DKIM } from "../support/server";

// Bulk and transactional email as the receiving server sees it (docs/decisions/044-one-unsubscribe.md):
// the headers every bulk email carries, the one unsubscribe, and an address that refuses mail. The
// emails are queued here in-process; the app server's own workers deliver them to the test SMTP sink.

afterAll(closeInProcessApp);
jest.setTimeout(120_000);

async function waitFor<T>(check: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The messages the sink received for the address, once there are `count` of them. */
const received = (address: string, count: number) =>
  waitFor(async () => {
    const messages = await messagesTo(address);
    return messages.length >= count ? messages : undefined;
  }, `${count} message(s) to ${address}`);

const outboxOf = (address: string, kind: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, address), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.id));

/** A notification of `kind`, two minutes old, and the job that emails those due: her email at once. */
async function notificationEmail(userId: number, kind: NotificationKind = "announcement") {
  await testDb()
    .insert(notifications)
    .values({
      userId,
      kind,
      title: `Notice ${Date.now()}`,
      url: "/events",
      createdAt: new Date(Date.now() - 2 * 60_000),
    });
  const { deliverNotificationEmails } = await import("@/server/notifications");
  await deliverNotificationEmails(testEnv().baseUrl);
}

const oneClick = (url: string, headers: Record<string, string> = {}) =>
  call(new URL(url).pathname, {
    method: "POST",
    origin: null,
    rawBody: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });

const dkimKey = createPublicKey(createPrivateKey(TEST_DKIM.privateKey));

describe("bulk email", () => {
  it("carries the one-click unsubscribe, a plain-text part, a Message-ID at the site's host and a DKIM signature; transactional email no bulk header", async () => {
    const her = await createTestUser();
    await notificationEmail(her.id);
    await call("/api/auth/forgot-password", { body: { email: her.email }, headers: { "x-forwarded-for": randomIp() } });
    const { sendDigests } = await import("@/server/notifications");
    await testDb()
      .insert(notificationPreferences)
      .values({ userId: her.id, kind: "forum_reaction", delivery: "daily" });
    await testDb()
      .insert(notifications)
      .values({ userId: her.id, kind: "forum_reaction", title: "reacted to your reply", url: "/forum" });
    expect(await sendDigests("daily", testEnv().baseUrl, new Date(), [her.id])).toBe(1);
    const subscriber = `bulk_${Date.now()}@example.com`;
    await call("/api/newsletter/subscribe", {
      body: { email: subscriber },
      headers: { "x-forwarded-for": randomIp() },
    });

    const messages = [...(await received(her.email, 3)), ...(await received(subscriber, 1))];
    const site = new URL(testEnv().baseUrl);
    const bySubject = (pattern: RegExp) => messages.find((m) => pattern.test(headerOf(m.raw, "Subject") ?? ""))!;
    const bulk = [bySubject(/^Notice /), bySubject(/^Your daily digest/), bySubject(/newsletter$/)];
    const reset = bySubject(/password/i);
    expect(reset).toBeDefined();
    for (const message of [...bulk, reset]) {
      expect(headerOf(message.raw, "Message-ID")).toMatch(new RegExp(`^<[^@>]+@${site.hostname}>$`));
      expect(headerOf(message.raw, "Content-Type")).toMatch(/^multipart\/alternative/);
      expect(message.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      const dkim = verifyDkim(message.raw, dkimKey);
      expect([dkim.d, dkim.s]).toEqual([TEST_DKIM.domain, TEST_DKIM.selector]);
    }
    for (const message of bulk) {
      const link = headerOf(message.raw, "List-Unsubscribe")!;
      expect(link).toMatch(new RegExp(`^<${site.origin}/unsubscribe/[ms]\\d+-[a-z_-]+-[\\w-]{22}>$`));
      expect(headerOf(message.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      // The headers are signed, so that no one on the way can change where the unsubscribe goes.
      expect(verifyDkim(message.raw, dkimKey).h!.toLowerCase().split(":")).toEqual(
        expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post"]),
      );
    }
    expect(headerOf(reset.raw, "List-Unsubscribe")).toBeUndefined();
    expect(headerOf(reset.raw, "List-Unsubscribe-Post")).toBeUndefined();
    expect((await outboxOf(her.email, "password-reset"))[0]!.bulk).toBe(false);
  });

  it("stops one kind with one POST to the List-Unsubscribe address, from anywhere and without a session; a GET shows the page", async () => {
    const her = await createTestUser();
    const cookie = await signIn(her.username, TEST_PASSWORD);
    await notificationEmail(her.id, "announcement");
    const [message] = await received(her.email, 1);
    const url = headerOf(message!.raw, "List-Unsubscribe")!.slice(1, -1);

    const page = await call(new URL(url).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Stop sending emails about announcements to ${her.email}?`);
    expect(await preferenceOf(her.id, "announcement")).toBeUndefined();

    // A provider POSTs from its own pages: another site's Origin, and her session cookie in the browser.
    const stopped = await oneClick(url, { origin: "https://mail.example", cookie });
    expect(stopped.status).toBe(200);
    expect(await preferenceOf(her.id, "announcement")).toBe("app");
    expect(await preferenceOf(her.id, "forum_reply")).toBeUndefined();
    // Again: still 200, nothing else changes.
    expect((await oneClick(url)).status).toBe(200);

    // A token for another kind or member cannot be made from hers.
    const forged = url.replace("-announcement-", "-forum_reply-");
    expect((await oneClick(forged)).status).toBe(404);
    expect((await call(new URL(forged).pathname)).text).toContain("This unsubscribe link is not valid.");
    expect(await preferenceOf(her.id, "forum_reply")).toBeUndefined();
  });
});

const preferenceOf = async (userId: number, kind: NotificationKind) =>
  (
    await testDb()
      .select({ delivery: notificationPreferences.delivery })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
  )[0]?.delivery;

describe("an address that refuses mail", () => {
  it("is suppressed for bulk mail at the first 550, shown to admins and to her, and still gets a password reset", async () => {
    const her = await createTestUser();
    const cookie = await signIn(her.username, TEST_PASSWORD);
    const admin = await createTestUser({ isAdmin: true, membershipLevel: null });
    const adminCookie = await signIn(admin.username, TEST_PASSWORD);

    await rejectNextDeliveries(her.email, 1, 550);
    await notificationEmail(her.id);
    const [refused] = await waitFor(async () => {
      const rows = await outboxOf(her.email, "notification-announcement");
      return rows[0]?.status === "failed" ? rows : undefined;
    }, "the refusal");
    expect(refused!.attempts).toBe(1);
    expect(refused!.lastError).toContain("550");
    const [suppression] = await testDb()
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.address, her.email));
    expect(suppression!.reason).toContain("550 5.1.1");
    expect(suppression!.outboxId).toBe(refused!.id);

    // The next bulk email is not sent.
    await notificationEmail(her.id);
    await waitFor(async () => (await outboxOf(her.email, "notification-announcement"))[0]?.status === "suppressed", "");
    expect(await messagesTo(her.email)).toEqual([]);

    // Admins see it on the outbox page; she sees it on her notification settings.
    const outbox = await call("/admin/outbox", { cookie: adminCookie });
    expect(outbox.status).toBe(200);
    expect(outbox.text).toContain("Addresses refusing mail");
    expect(outbox.text).toContain(her.email);
    expect(outbox.text).toContain("Recipient address rejected: User unknown");
    const settings = await call("/notifications/settings", { cookie });
    expect(settings.text).toContain("Your email address is refusing our mail");
    expect((await call("/notifications/settings", { cookie: adminCookie })).text).not.toContain(
      "Your email address is refusing our mail",
    );

    // A password reset is still sent; accepted, it lifts the suppression.
    await call("/api/auth/forgot-password", { body: { email: her.email }, headers: { "x-forwarded-for": randomIp() } });
    const [reset] = await received(her.email, 1);
    expect(headerOf(reset!.raw, "Subject")).toMatch(/password/i);
    await waitFor(
      async () => !(await call("/notifications/settings", { cookie })).text.includes("refusing our mail"),
      "the suppression lifted",
    );
  });

  it("is taken off the list by an administrator, and by no one else", async () => {
    const her = await createTestUser();
    const cookie = await signIn(her.username, TEST_PASSWORD);
    const admin = await createTestUser({ isAdmin: true, membershipLevel: null });
    const adminCookie = await signIn(admin.username, TEST_PASSWORD);
    await testDb().insert(emailSuppressions).values({ address: her.email, reason: "550 5.1.1 User unknown" });
    const lift = (body: unknown, as: string) =>
      call("/api/admin/outbox/suppressions/lift", { method: "POST", cookie: as, body });

    expect((await lift({ address: her.email }, cookie)).status).toBe(403);
    expect((await lift({}, adminCookie)).status).toBe(400);
    expect((await lift({ address: "x".repeat(321) }, adminCookie)).status).toBe(400);
    expect((await call("/notifications/settings", { cookie })).text).toContain("refusing our mail");

    // Written in other letters than it was refused, it is the same address.
    expect((await lift({ address: her.email.toUpperCase() }, adminCookie)).status).toBe(200);
    expect(await testDb().select().from(emailSuppressions).where(eq(emailSuppressions.address, her.email))).toEqual([]);
    expect((await call("/notifications/settings", { cookie })).text).not.toContain("refusing our mail");
    const [entry] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "email.suppression_lift"), eq(auditLog.entityId, her.email)));
    expect(entry).toMatchObject({ actorId: admin.id, entityType: "email_address" });
    const again = await lift({ address: her.email }, adminCookie);
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ error: "This address is not refusing mail." });
  });

  it("is hers no longer once she has another address", async () => {
    const her = await createTestUser();
    const cookie = await signIn(her.username, TEST_PASSWORD);
    await rejectNextDeliveries(her.email, 1, 550);
    await notificationEmail(her.id);
    await waitFor(
      async () => (await call("/notifications/settings", { cookie })).text.includes("refusing our mail"),
      "",
    );
    await testDb()
      .update(users)
      .set({ email: `new_${her.email}` })
      .where(eq(users.id, her.id));
    expect((await call("/notifications/settings", { cookie })).text).not.toContain("refusing our mail");
  });
});
