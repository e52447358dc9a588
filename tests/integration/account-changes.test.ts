import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import { auditLog, emailChangeTokens, users } from "@/db/schema";
import { closeTestDb, createTestUser, latestEmailTo, linkIn, TEST_PASSWORD, testDb } from "../support/db";
import { stripeCall } from "../support/billing";
import { call, randomIp, signIn } from "../support/http";

// Her password and her email address, changed by her while signed in: each only with her current
// password, her other devices signed out after a new password, and an address changed only from a link
// opened at the new address (docs/decisions/051-account-changes.md).

afterAll(closeTestDb);

const NEW_PASSWORD = "a-new-long-password";
const fresh = () => `changed-${randomUUID().slice(0, 8)}@example.com`;
const me = async (cookie: string) => (await call("/api/auth/me", { cookie })).status;
const tokenIn = async (address: string) =>
  new URL(linkIn((await latestEmailTo(address))!.text, "/confirm-email/")).pathname.split("/").pop()!;

describe("changing her password", () => {
  it("asks for her current password, keeps this session, ends her others and tells her", async () => {
    const her = await createTestUser();
    const here = await signIn(her.username, TEST_PASSWORD);
    const elsewhere = await signIn(her.username, TEST_PASSWORD);
    const change = (body: object) => call("/api/auth/password", { method: "POST", body, cookie: here });

    const visitor = await call("/api/auth/password", {
      method: "POST",
      body: { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(visitor.status).toBe(401);
    const wrong = await change({
      currentPassword: "not-her-password",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toEqual({ currentPassword: "Your current password is not right." });
    expect(
      (await change({ currentPassword: TEST_PASSWORD, password: "short", confirmPassword: "short" })).json.fields,
    ).toHaveProperty("password");
    expect(
      (await change({ currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: "other-long-password" }))
        .json.fields,
    ).toEqual({ confirmPassword: "Passwords do not match" });
    expect(await me(elsewhere)).toBe(200);

    const done = await change({
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ message: "Your password has been changed. Your other devices have been signed out." });
    expect(await me(here)).toBe(200);
    expect(await me(elsewhere)).toBe(401);
    expect(
      (
        await call("/api/auth/login", {
          body: { username: her.username, password: TEST_PASSWORD },
          headers: { "x-forwarded-for": randomIp() },
        })
      ).status,
    ).toBe(401);
    await signIn(her.username, NEW_PASSWORD);
    const notice = await latestEmailTo(her.email);
    expect(notice).toMatchObject({ kind: "password-changed", bulk: false });
    expect(notice!.text).toContain("your other devices were signed out");
    const [entry] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "password.changed"), eq(auditLog.actorId, her.id)));
    expect(entry).toBeDefined();
  });

  it("stops guesses of her current password after five", async () => {
    const her = await createTestUser();
    const cookie = await signIn(her.username, TEST_PASSWORD);
    const guess = (currentPassword: string) =>
      call("/api/auth/password", {
        method: "POST",
        body: { currentPassword, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        cookie,
      });
    for (let i = 0; i < 5; i++) expect((await guess(`guess-${i}`)).status).toBe(400);
    const blocked = await guess(TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("changing her email address", () => {
  it("changes nothing until the link sent to the new address is used there, then tells the old one", async () => {
    const her = await createTestUser();
    const cookie = await signIn(her.username, TEST_PASSWORD);
    const other = await createTestUser();
    const ask = (body: object) => call("/api/auth/email-change", { method: "POST", body, cookie });

    expect((await ask({ newEmail: her.email.toUpperCase(), currentPassword: TEST_PASSWORD })).json.fields).toEqual({
      newEmail: "This is already your email address.",
    });
    expect((await ask({ newEmail: other.email, currentPassword: TEST_PASSWORD })).json.fields).toEqual({
      newEmail: "That email address is already in use.",
    });
    expect((await ask({ newEmail: "not an address", currentPassword: TEST_PASSWORD })).status).toBe(400);
    expect((await ask({ newEmail: fresh(), currentPassword: "wrong-password" })).json.fields).toEqual({
      currentPassword: "Your current password is not right.",
    });

    const first = fresh();
    const newEmail = fresh();
    expect((await ask({ newEmail: first, currentPassword: TEST_PASSWORD })).status).toBe(200);
    const firstToken = await tokenIn(first);
    const sent = await ask({ newEmail, currentPassword: TEST_PASSWORD });
    expect(sent.json).toEqual({
      message: `We have sent a link to ${newEmail}. Open it to confirm your new address; until then we keep writing to ${her.email}.`,
    });
    expect(await latestEmailTo(newEmail)).toMatchObject({ kind: "email-change-confirm", bulk: false });
    const token = await tokenIn(newEmail);
    const [stored] = await testDb().select().from(emailChangeTokens).where(eq(emailChangeTokens.newEmail, newEmail));
    expect(stored!.tokenHash).not.toContain(token);
    const emailOf = async () => (await testDb().select().from(users).where(eq(users.id, her.id)))[0]!.email;
    expect(await emailOf()).toBe(her.email);

    // Opening the link shows a button and changes nothing (mail scanners open links).
    const page = await call(`/confirm-email/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Confirm New Address");
    expect(await emailOf()).toBe(her.email);
    // Only the latest link works.
    expect((await call("/api/auth/email-change/confirm", { method: "POST", body: { token: firstToken } })).status).toBe(
      400,
    );

    const confirmed = await call("/api/auth/email-change/confirm", { method: "POST", body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ message: `Your email address is now ${newEmail}.` });
    expect(await emailOf()).toBe(newEmail);
    expect(await latestEmailTo(her.email)).toMatchObject({ kind: "email-changed" });
    expect(await me(cookie)).toBe(200);
    const again = await call("/api/auth/email-change/confirm", { method: "POST", body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe(
      "This link has expired or has already been used. Ask for a new one on your Security page.",
    );
    expect((await call(`/confirm-email/${token}`)).text).toContain("This link has expired or has already been used.");
  });

  it("refuses a link whose address someone else took meanwhile, and one that expired", async () => {
    const her = await createTestUser();
    const cookie = await signIn(her.username, TEST_PASSWORD);
    const wanted = fresh();
    await call("/api/auth/email-change", {
      method: "POST",
      body: { newEmail: wanted, currentPassword: TEST_PASSWORD },
      cookie,
    });
    const token = await tokenIn(wanted);
    const someone = await createTestUser();
    await testDb().update(users).set({ email: wanted.toUpperCase() }).where(eq(users.id, someone.id));
    const taken = await call("/api/auth/email-change/confirm", { method: "POST", body: { token } });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe("That email address is already in use.");

    const later = fresh();
    await call("/api/auth/email-change", {
      method: "POST",
      body: { newEmail: later, currentPassword: TEST_PASSWORD },
      cookie,
    });
    const expired = await tokenIn(later);
    await testDb()
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.newEmail, later));
    expect((await call("/api/auth/email-change/confirm", { method: "POST", body: { token: expired } })).status).toBe(
      400,
    );
    expect((await testDb().select().from(users).where(eq(users.id, her.id)))[0]!.email).toBe(her.email);
  });
});

describe("after her new address is confirmed", () => {
  it("gives it to her Stripe customer, off the request, so that Stripe's receipts reach her", async () => {
    const her = await createTestUser();
    const cookie = await signIn(her.username, TEST_PASSWORD);
    const customer = await stripeCall("/v1/customers", { email: her.email, name: her.firstName });
    expect(customer.status).toBe(200);
    await testDb().update(users).set({ stripeCustomerId: customer.json.id }).where(eq(users.id, her.id));
    const newEmail = fresh();
    await call("/api/auth/email-change", {
      method: "POST",
      body: { newEmail, currentPassword: TEST_PASSWORD },
      cookie,
    });
    const token = await tokenIn(newEmail);
    expect((await call("/api/auth/email-change/confirm", { method: "POST", body: { token } })).status).toBe(200);
    const emailAtStripe = async () => (await stripeCall(`/v1/customers/${customer.json.id}`, {}, "GET")).json.email;
    for (const deadline = Date.now() + 60_000; (await emailAtStripe()) !== newEmail; await delay(250))
      expect(Date.now()).toBeLessThan(deadline);
  });
});
