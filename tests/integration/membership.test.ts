import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  applications,
  auditLog,
  emailOutbox,
  invitations,
  partners,
  paymentTransactions,
  referralCommissions,
  stripeEvents,
  users,
} from "@/db/schema";
import { FAKE_STRIPE_WEBHOOK_SECRET, paymentIntentObject, signWebhookPayload, stripeEvent } from "../fakes/stripe";
import {
  apply,
  applicationBody,
  intentFor,
  payAndWaitForHold,
  paymentsOf,
  paymentTokenOf,
  waitFor,
} from "../support/applicants";
import { closeTestDb, createTestUser, latestEmailTo, linkIn, testDb, TEST_PASSWORD } from "../support/db";
import { call, randomIp, sessionCookieFrom, signIn } from "../support/http";

afterAll(closeTestDb);

const stripeUrl = () => process.env.STRIPE_API_BASE_URL!;

let adminCookie: string;
beforeAll(async () => {
  const admin = await createTestUser({ isAdmin: true });
  adminCookie = await signIn(admin.username, TEST_PASSWORD);
});

const emailsTo = (address: string) =>
  testDb().select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(emailOutbox.id);

async function fakeIntent(id: string) {
  const all = (await (await fetch(`${stripeUrl()}/__fake/intents`)).json()) as {
    id: string;
    status: string;
    amount: number;
  }[];
  return all.find((i) => i.id === id)!;
}

describe("POST /api/applications/submit", () => {
  it("answers 400 with every field's message from the spec", async () => {
    const result = await call("/api/applications/submit", {
      body: {
        firstName: "A",
        lastName: "B",
        email: "nope",
        phone: "123",
        heardAbout: "",
        whyJoin: "too short",
        agreeTerms: false,
      },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(result.status).toBe(400);
    expect(result.json.fields).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      membershipTier: "Please select a membership tier",
      heardAbout: "Please tell us how you heard about us",
      whyJoin: "Please share why you'd like to join (minimum 20 characters)",
      agreeTerms: "You must agree to the terms and conditions",
    });
  });

  it("stores a pending application and emails the applicant and the admins through the outbox", async () => {
    const { id, email } = await apply({ partnerCode: "sofia15" });
    const [row] = await testDb().select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({ status: "pending", partnerCode: "SOFIA15", membershipTier: "create", isTrial: false });
    expect((await latestEmailTo(email))?.kind).toBe("application-received");
    const notices = await testDb().select().from(emailOutbox).where(eq(emailOutbox.kind, "application-admin-notice"));
    expect(notices.some((n) => n.text.includes(email))).toBe(true);
  });

  it("answers a second application for an address under review as it answers a new one, and tells the address by email", async () => {
    const { id, email } = await apply();
    const fresh = await call("/api/applications/submit", {
      body: applicationBody(),
      headers: { "x-forwarded-for": randomIp() },
    });
    const again = await call("/api/applications/submit", {
      body: applicationBody({ email: email.toUpperCase(), firstName: "Someone" }),
      headers: { "x-forwarded-for": randomIp() },
    });
    expect([again.status, again.json]).toEqual([fresh.status, fresh.json]);
    expect(again.json).toEqual({ received: true, isTrial: false });
    expect(again.text).not.toContain(String(id));
    expect(await testDb().select().from(applications).where(eq(applications.email, email))).toHaveLength(1);
    const told = await latestEmailTo(email);
    expect(told).toMatchObject({
      kind: "application-already-under-review",
      subject: "Your application to Womxn Community is already under review",
    });
    expect(told!.text).toContain("Hi Ada,");
    // Not paid yet: the email carries a fresh link to the same application's payment.
    const token = await paymentTokenOf(email);
    expect(
      (await call("/api/create-payment-intent", { body: { token }, headers: { "x-forwarded-for": randomIp() } }))
        .status,
    ).toBe(200);

    // Once her card is held, a further application is told so without a payment link.
    await payAndWaitForHold(id);
    await call("/api/applications/submit", {
      body: applicationBody({ email }),
      headers: { "x-forwarded-for": randomIp() },
    });
    const last = await latestEmailTo(email);
    expect(last?.kind).toBe("application-already-under-review");
    expect(last!.text).not.toContain("/payment/");
  });

  it("is rate-limited per client address", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call("/api/applications/submit", { body: applicationBody(), headers: { "x-forwarded-for": ip } }))
          .status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("card payment at application", () => {
  it("emails her the link to her payment, which charges the tier's price whatever the browser sends and reuses the open intent", async () => {
    const { id, email } = await apply({ membershipTier: "play" });
    const receipt = await latestEmailTo(email);
    expect(receipt?.kind).toBe("application-received");
    expect(receipt!.text).toContain("Complete your payment");
    const token = await paymentTokenOf(email);
    const first = await call("/api/create-payment-intent", {
      body: { token, amount: 1, tier: "connect" },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(first.status).toBe(200);
    expect(first.json.amount).toBe(7500);
    const intentId = first.json.clientSecret.split("_secret_")[0];
    expect((await fakeIntent(intentId)).amount).toBe(7500);
    const second = await call("/api/create-payment-intent", {
      body: { token, amount: 5 },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(second.json.clientSecret).toBe(first.json.clientSecret);
    const rows = await paymentsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 7500,
      status: "pending",
      paymentMethod: "card",
      stripePaymentIntentId: intentId,
    });
  });

  it("opens a payment only with her link: an application's id, a guessed token or another application's id get nothing, and Stripe is not called", async () => {
    const { id } = await apply();
    const stripeCalls = async () =>
      ((await (await fetch(`${stripeUrl()}/__fake/requests`)).json()) as { path: string }[]).filter(
        (r) => r.path === "/v1/payment_intents" || r.path === "/v1/customers",
      ).length;
    const before = await stripeCalls();
    const byId = await call("/api/create-payment-intent", {
      body: { applicationId: id },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(byId.status).toBe(400);
    expect(byId.json.clientSecret).toBeUndefined();
    const guessed = await call("/api/create-payment-intent", {
      body: { token: randomUUID().replace(/-/g, "") },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(guessed.status).toBe(404);
    expect(guessed.json).toEqual({ error: "We could not find an application waiting for payment." });
    expect(await stripeCalls()).toBe(before);
    expect(await paymentsOf(id)).toEqual([]);
  });

  it("shows an application on its payment page only to the holder of her link", async () => {
    const { id, email } = await apply({ firstName: "Nadia", lastName: "Private" });
    for (const path of [
      `/payment?tier=create&amount=5000&applicationId=${id}`,
      `/payment/${randomUUID().replace(/-/g, "")}${randomUUID().replace(/-/g, "")}`,
    ]) {
      const page = await call(path);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain("Nadia");
      expect(page.text).not.toContain("Private");
    }
    const hers = await call(`/payment/${await paymentTokenOf(email)}`);
    expect(hers.text).toContain("Nadia Private");
    expect(hers.text).toContain("Order summary");
  });

  it("records a declined card as failed from the webhook", async () => {
    const { id } = await apply();
    await payAndWaitForHold(id, "pm_card_chargeDeclined");
    const [row] = await waitFor(
      () => paymentsOf(id),
      (rows) => rows[0]?.status === "failed",
      "the failure webhook",
    );
    expect(row!.notes).toBe("Your card was declined.");
  });
});

describe("POST /api/stripe/webhook", () => {
  async function failedEventFor(applicationId: number) {
    const [row] = await paymentsOf(applicationId);
    return stripeEvent(
      "payment_intent.payment_failed",
      paymentIntentObject({
        id: row!.stripePaymentIntentId!,
        status: "requires_payment_method",
        last_payment_error: { message: "Insufficient funds." },
      }),
    );
  }
  const post = (payload: string, signature?: string) =>
    fetch(`${process.env.TEST_BASE_URL}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      body: payload,
    });

  it("answers 400 to a bad or missing signature and changes nothing", async () => {
    const { id } = await apply();
    await intentFor(id);
    const event = await failedEventFor(id);
    const payload = JSON.stringify(event);
    expect((await post(payload, signWebhookPayload(payload, "whsec_wrong"))).status).toBe(400);
    expect((await post(payload)).status).toBe(400);
    expect(
      (await post(payload.replace("Insufficient", "Tampered"), signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET)))
        .status,
    ).toBe(400);
    expect((await paymentsOf(id))[0]!.status).toBe("pending");
    expect(await testDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
  });

  it("applies an event delivered twice once", async () => {
    const { id } = await apply();
    await intentFor(id);
    const event = await failedEventFor(id);
    const payload = JSON.stringify(event);
    const first = await post(payload, signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET));
    expect(first.status).toBe(200);
    expect((await first.json()).result).toBe("processed");
    const [afterFirst] = await paymentsOf(id);
    expect(afterFirst).toMatchObject({ status: "failed", notes: "Insufficient funds." });
    await testDb()
      .update(paymentTransactions)
      .set({ notes: "changed since" })
      .where(eq(paymentTransactions.id, afterFirst!.id));
    const second = await post(payload, signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET));
    expect(second.status).toBe(200);
    expect((await second.json()).result).toBe("duplicate");
    const [afterSecond] = await paymentsOf(id);
    expect(afterSecond).toMatchObject({ notes: "changed since", failedAt: afterFirst!.failedAt });
  });

  it("refuses a correctly signed event more than 5 minutes from now, in either direction", async () => {
    const { id } = await apply();
    await intentFor(id);
    const minutes = (n: number) => Math.floor(Date.now() / 1000) + n * 60;
    for (const at of [minutes(10), minutes(-10)]) {
      const payload = JSON.stringify(await failedEventFor(id));
      const answer = await post(payload, signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET, at));
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: "The webhook's timestamp is more than 5 minutes from now." });
    }
    expect((await paymentsOf(id))[0]!.status).toBe("pending");
    // Within the tolerance (a clock a little ahead of ours) it is applied.
    const payload = JSON.stringify(await failedEventFor(id));
    expect((await post(payload, signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET, minutes(4)))).status).toBe(200);
    expect((await paymentsOf(id))[0]!.status).toBe("failed");
  });

  it("refuses an event at another API version, lists it on /admin, and applies it once Stripe sends it at ours", async () => {
    const { id } = await apply();
    await intentFor(id);
    const event = await failedEventFor(id);
    const old = JSON.stringify({ ...event, api_version: "2024-06-20" });
    const refused = await post(old, signWebhookPayload(old, FAKE_STRIPE_WEBHOOK_SECRET));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatch(
      /^Stripe sent this event at API version 2024-06-20, and this app reads 2026-10-28\.endive/,
    );
    expect(await testDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
    expect((await paymentsOf(id))[0]!.status).toBe("pending");
    const admin = await call("/admin", { cookie: adminCookie });
    expect(admin.text).toContain("Stripe events refused");
    expect(admin.text).toContain(event.id);
    expect(admin.text).toContain("at API version 2024-06-20");

    const current = JSON.stringify(event);
    expect((await post(current, signWebhookPayload(current, FAKE_STRIPE_WEBHOOK_SECRET))).status).toBe(200);
    expect((await paymentsOf(id))[0]!.status).toBe("failed");
    expect((await call("/admin", { cookie: adminCookie })).text).not.toContain(event.id);
  });
});

describe("review, capture and invitation", () => {
  it("captures once when two admins approve at once, invites, and the link creates the member account", async () => {
    const { id, email } = await apply();
    const intentId = await payAndWaitForHold(id);

    const answers = await Promise.all(
      [1, 2].map(() =>
        call(`/api/applications/${id}/status`, {
          method: "PATCH",
          body: { status: "approved", reviewNotes: "Welcome" },
          cookie: adminCookie,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await fakeIntent(intentId)).status).toBe("succeeded");
    const rows = await paymentsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "completed", amount: 5000 });
    const audits = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "application"), eq(auditLog.entityId, String(id))));
    expect(audits.filter((a) => a.action === "application.approved")).toHaveLength(1);

    const mail = await latestEmailTo(email);
    expect(mail?.kind).toBe("membership-invitation");
    // A tier is written as its name.
    expect(mail!.text).toContain("as a Create member");
    // The capture completed the payment: one receipt, though Stripe's payment_intent.succeeded may follow.
    const receipts = (await emailsTo(email)).filter((m) => m.kind === "payment-receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("we received your payment of $50.00 for the Create membership");
    expect(receipts[0]!.text).toContain(`Receipt number: ${rows[0]!.id}. Payment method: Card.`);
    const token = new URL(linkIn(mail!.text, "/join/")).pathname.split("/").pop()!;
    const username = `new_${randomUUID().slice(0, 8)}`;
    const accepted = await call("/api/invitations/accept", {
      body: { token, username, password: "a-long-password-1", confirmPassword: "a-long-password-1" },
    });
    expect(accepted.status).toBe(201);
    const cookie = sessionCookieFrom(accepted)!;
    expect((await call("/api/auth/me", { cookie })).json).toMatchObject({ username, email, membershipLevel: "create" });

    const [member] = await testDb().select().from(users).where(eq(users.username, username));
    expect(member!.stripeCustomerId).toMatch(/^cus_/);
    expect(member!.stripePaymentMethodId).toBe("pm_card_visa");
    const own = await call(`/api/users/${member!.id}/payment-transactions`, { cookie });
    expect(own.status).toBe(200);
    expect(own.json).toHaveLength(1);
    const other = await createTestUser();
    expect((await call(`/api/users/${other.id}/payment-transactions`, { cookie })).status).toBe(403);

    const reused = await call("/api/invitations/accept", {
      body: { token, username: `${username}x`, password: "a-long-password-1", confirmPassword: "a-long-password-1" },
    });
    expect(reused.status).toBe(400);
    expect(reused.json.error).toMatch(/already been used/);
  });

  it("releases the card hold on rejection and sends a polite decision", async () => {
    const { id, email } = await apply();
    const intentId = await payAndWaitForHold(id);
    const result = await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "rejected", reviewNotes: "Not now" },
      cookie: adminCookie,
    });
    expect(result.status).toBe(200);
    expect((await fakeIntent(intentId)).status).toBe("canceled");
    expect((await paymentsOf(id))[0]!.status).toBe("canceled");
    const mail = await latestEmailTo(email);
    expect(mail?.kind).toBe("application-declined");
    expect(mail!.text).toContain("you have not been charged");
    expect(await testDb().select().from(invitations).where(eq(invitations.applicationId, id))).toHaveLength(0);
  });

  it("approves without a payment, then invites once a manual payment is recorded", async () => {
    const { id, email } = await apply({ membershipTier: "empower" });
    const approved = await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "approved" },
      cookie: adminCookie,
    });
    expect(approved.json).toEqual({ status: "approved", invited: false });
    expect((await latestEmailTo(email))?.kind).toBe("application-received");
    expect(
      (await call(`/api/applications/${id}/manual-payment`, { body: { notes: "" }, cookie: adminCookie })).status,
    ).toBe(400);
    const manual = await call(`/api/applications/${id}/manual-payment`, {
      body: { notes: "Bank transfer 42", amount: 1 },
      cookie: adminCookie,
    });
    expect(manual.status).toBe(201);
    expect(manual.json).toMatchObject({ amount: 6500, status: "completed", paymentMethod: "manual" });
    expect((await latestEmailTo(email))?.kind).toBe("membership-invitation");
    expect((await emailsTo(email)).map((m) => m.kind)).toEqual([
      "application-received",
      "payment-receipt",
      "membership-invitation",
    ]);
    expect(
      (await call(`/api/applications/${id}/manual-payment`, { body: { notes: "Twice" }, cookie: adminCookie })).status,
    ).toBe(409);
  });

  it("records a trial as a zero-amount transaction marked trial, without a receipt", async () => {
    const { id, email } = await apply({ isTrial: true });
    const approved = await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "approved" },
      cookie: adminCookie,
    });
    expect(approved.json).toEqual({ status: "approved", invited: true });
    const rows = await paymentsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "payment",
      amount: 0,
      paymentMethod: "trial",
      status: "completed",
      membershipTier: "create",
      notes: "Free trial of 30 days.",
    });
    expect((await emailsTo(email)).map((m) => m.kind)).toEqual(["application-received", "membership-invitation"]);
  });

  it("Mark as Failed on a paid manual payment revokes the invitation it earned and tells the applicant", async () => {
    const { id, email } = await apply();
    await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "approved" },
      cookie: adminCookie,
    });
    const manual = await call(`/api/applications/${id}/manual-payment`, {
      body: { notes: "Cheque 118" },
      cookie: adminCookie,
    });
    const token = new URL(linkIn((await latestEmailTo(email))!.text, "/join/")).pathname.split("/").pop()!;

    const failed = await call(`/api/payment-transactions/${manual.json.id}/status`, {
      method: "PATCH",
      body: { status: "failed", note: "The cheque bounced" },
      cookie: adminCookie,
    });
    expect(failed.status).toBe(200);
    const told = await latestEmailTo(email);
    expect(told).toMatchObject({
      kind: "membership-invitation-withdrawn",
      subject: "Your invitation to Womxn Community is on hold",
    });
    expect(told!.text).toContain("the invitation link we sent you no longer works");
    const [invitation] = await testDb().select().from(invitations).where(eq(invitations.applicationId, id));
    expect(invitation!.revokedAt).not.toBeNull();
    const refused = await call("/api/invitations/accept", {
      body: {
        token,
        username: `u_${randomUUID().slice(0, 8)}`,
        password: "a-long-password-1",
        confirmPassword: "a-long-password-1",
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(/no longer valid/);
    const [audit] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.marked_failed"), eq(auditLog.entityId, String(manual.json.id))));
    expect(audit!.details).toMatchObject({ invitationWithdrawn: true });

    // Marked completed again, the payment sends its receipt and a fresh invitation.
    await call(`/api/payment-transactions/${manual.json.id}/status`, {
      method: "PATCH",
      body: { status: "completed", note: "Paid in cash instead" },
      cookie: adminCookie,
    });
    expect((await latestEmailTo(email))?.kind).toBe("membership-invitation");
    expect((await emailsTo(email)).filter((m) => m.kind === "payment-receipt")).toHaveLength(2);
  });

  /** A trial approved: its invitation's token. */
  async function invitedTrial() {
    const { id, email } = await apply({ isTrial: true });
    expect(
      (
        await call(`/api/applications/${id}/status`, {
          method: "PATCH",
          body: { status: "approved" },
          cookie: adminCookie,
        })
      ).json.invited,
    ).toBe(true);
    return {
      id,
      email,
      token: new URL(linkIn((await latestEmailTo(email))!.text, "/join/")).pathname.split("/").pop()!,
    };
  }
  const accept = (token: string, username: string, ip = randomIp()) =>
    call("/api/invitations/accept", {
      body: { token, username, password: "a-long-password-1", confirmPassword: "a-long-password-1" },
      headers: { "x-forwarded-for": ip },
    });

  it("creates the account and her session in one step that no sign-in limit refuses", async () => {
    const { email, token } = await invitedTrial();
    const username = `late_${randomUUID().slice(0, 8)}`;
    const ip = randomIp();
    // Wrong passwords for the name she is about to choose, from her address, until sign-in refuses them.
    let failed = 0;
    for (; failed < 60; failed++) {
      const attempt = await call("/api/auth/login", {
        body: { username, password: "not-her-password" },
        headers: { "x-forwarded-for": ip },
      });
      if (attempt.status === 429) break;
      expect(attempt.status).toBe(401);
    }
    expect(failed).toBeLessThan(60);

    const accepted = await accept(token, username, ip);
    expect(accepted.status).toBe(201);
    expect(accepted.json).toMatchObject({ username, email });
    const cookie = sessionCookieFrom(accepted)!;
    expect((await call("/api/auth/me", { cookie })).json).toMatchObject({ username, email });
    const [invitation] = await testDb().select().from(invitations).where(eq(invitations.email, email));
    expect(invitation!.usedAt).not.toBeNull();
  });

  it("creates nothing and keeps the invitation valid when accepting fails", async () => {
    const { email, token } = await invitedTrial();
    const taken = await createTestUser();
    const refused = await accept(token, taken.username.toUpperCase());
    expect([refused.status, refused.json.fields]).toEqual([
      409,
      { username: "That username is taken. Please choose another." },
    ]);
    expect(sessionCookieFrom(refused)).toBeNull();
    expect(await testDb().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const [invitation] = await testDb().select().from(invitations).where(eq(invitations.email, email));
    expect(invitation!.usedAt).toBeNull();

    const username = `kept_${randomUUID().slice(0, 8)}`;
    const accepted = await accept(token, username);
    expect(accepted.status).toBe(201);
    expect((await call("/api/auth/me", { cookie: sessionCookieFrom(accepted)! })).json.username).toBe(username);
  });

  it("refuses a used, expired or revoked link with a plain message", async () => {
    const { id, email } = await apply();
    await call(`/api/applications/${id}/manual-payment`, { body: { notes: "Cash" }, cookie: adminCookie });
    await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "approved" },
      cookie: adminCookie,
    });
    const token = new URL(linkIn((await latestEmailTo(email))!.text, "/join/")).pathname.split("/").pop()!;
    await testDb()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.applicationId, id));
    const expired = await call("/api/invitations/accept", {
      body: {
        token,
        username: `u_${randomUUID().slice(0, 8)}`,
        password: "a-long-password-1",
        confirmPassword: "a-long-password-1",
      },
    });
    expect(expired.status).toBe(400);
    expect(expired.json.error).toMatch(/expired/);
    expect((await call(`/join/${token}`)).text).toContain("This invitation has expired");
  });
});

describe("payment transactions", () => {
  it("refunds part then the rest within the guarantee, never more than was paid", async () => {
    const { id } = await apply();
    await payAndWaitForHold(id);
    await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "approved" },
      cookie: adminCookie,
    });
    const [payment] = await paymentsOf(id);
    expect(
      (
        await call(`/api/payment-transactions/${payment!.id}/refund`, {
          body: { amount: 6000, reason: "Too much" },
          cookie: adminCookie,
        })
      ).status,
    ).toBe(400);
    const part = await call(`/api/payment-transactions/${payment!.id}/refund`, {
      body: { amount: 2000, reason: "Partial" },
      cookie: adminCookie,
    });
    expect(part.status).toBe(201);
    expect(part.json).toMatchObject({ kind: "refund", amount: 2000, status: "completed", refundOfId: payment!.id });
    const rest = await call(`/api/payment-transactions/${payment!.id}/refund`, {
      body: { reason: "The rest" },
      cookie: adminCookie,
    });
    expect(rest.json.amount).toBe(3000);
    expect((await call(`/api/payment-transactions/${payment!.id}`, { cookie: adminCookie })).json.status).toBe(
      "refunded",
    );
  });

  it("marks manual payments only, with a note, and audits it", async () => {
    const { id } = await apply();
    const [manual] = await testDb()
      .insert(paymentTransactions)
      .values({ applicationId: id, amount: 5000, paymentMethod: "manual", status: "pending", membershipTier: "create" })
      .returning();
    expect(
      (
        await call(`/api/payment-transactions/${manual!.id}/status`, {
          method: "PATCH",
          body: { status: "completed", note: "" },
          cookie: adminCookie,
        })
      ).status,
    ).toBe(400);
    const done = await call(`/api/payment-transactions/${manual!.id}/status`, {
      method: "PATCH",
      body: { status: "completed", note: "Cheque cleared" },
      cookie: adminCookie,
    });
    expect(done.status).toBe(200);
    expect(done.json.status).toBe("completed");
    const audits = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "payment_transaction"), eq(auditLog.entityId, String(manual!.id))));
    expect(audits[0]?.action).toBe("payment.marked_completed");
    const [card] = await testDb()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.paymentMethod, "card"))
      .limit(1);
    expect(
      (
        await call(`/api/payment-transactions/${card!.id}/status`, {
          method: "PATCH",
          body: { status: "failed", note: "nope" },
          cookie: adminCookie,
        })
      ).status,
    ).toBe(409);
  });

  it("marks a manual payment as failed with a required note, audits it, and refuses to mark it twice", async () => {
    const { id } = await apply();
    const [manual] = await testDb()
      .insert(paymentTransactions)
      .values({
        applicationId: id,
        amount: 5000,
        paymentMethod: "manual",
        status: "pending",
        membershipTier: "create",
        notes: "Paying by cheque.",
      })
      .returning();
    const url = `/api/payment-transactions/${manual!.id}/status`;
    const missing = await call(url, { method: "PATCH", body: { status: "failed", note: "   " }, cookie: adminCookie });
    expect(missing.status).toBe(400);
    expect(missing.json.fields?.note).toBeTruthy();
    expect(
      (await testDb().select().from(paymentTransactions).where(eq(paymentTransactions.id, manual!.id)))[0]!.status,
    ).toBe("pending");

    const failed = await call(url, {
      method: "PATCH",
      body: { status: "failed", note: "The cheque bounced" },
      cookie: adminCookie,
    });
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ status: "failed", notes: "Paying by cheque.\nThe cheque bounced" });
    expect(failed.json.failedAt).toBeTruthy();
    const audits = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "payment_transaction"), eq(auditLog.entityId, String(manual!.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "payment.marked_failed",
      details: { from: "pending", note: "The cheque bounced" },
    });
    expect(
      (await call(url, { method: "PATCH", body: { status: "failed", note: "Again" }, cookie: adminCookie })).status,
    ).toBe(409);
  });

  it("says why a demo card payment cannot be refunded instead of failing at Stripe", async () => {
    const { id } = await apply();
    const [demo] = await testDb()
      .insert(paymentTransactions)
      .values({
        applicationId: id,
        amount: 5000,
        paymentMethod: "card",
        status: "completed",
        membershipTier: "create",
        stripePaymentIntentId: `pi_demo_${randomUUID()}`,
        demo: true,
        completedAt: new Date(),
      })
      .returning();
    const refused = await call(`/api/payment-transactions/${demo!.id}/refund`, {
      body: { reason: "Testing" },
      cookie: adminCookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      "This is a demo payment: the demo data made it up and no Stripe account holds it, so there is nothing to refund.",
    );
    expect((await paymentsOf(id)).filter((p) => p.kind === "refund")).toHaveLength(0);
    const page = await call(`/admin/payment-transactions/${demo!.id}`, { cookie: adminCookie });
    expect(page.text).toContain("no Stripe account holds it");
    expect(page.text).not.toContain("Issue Refund");
  });

  it("exports every transaction as CSV", async () => {
    const result = await call("/api/payment-transactions/export", { cookie: adminCookie });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = result.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,createdAt,kind,applicationId,userId,membershipTier,paymentMethod,amount,currency,status,stripePaymentIntentId,stripeRefundId,completedAt,failedAt,notes",
    );
    const total = (await call("/api/payment-transactions", { cookie: adminCookie })).json.length;
    expect(lines.length).toBeGreaterThanOrEqual(total + 1);
  });

  it("lists applications by status and search, with the total", async () => {
    const { email } = await apply({ lastName: "Searchable" });
    const result = await call(`/api/applications?status=pending&search=${encodeURIComponent(email.slice(0, 18))}`, {
      cookie: adminCookie,
    });
    expect(result.status).toBe(200);
    expect(result.headers.get("x-total-count")).toBe("1");
    expect(result.json[0].email).toBe(email);
  });

  it("pages the list newest first with the next cursor, the total on every page", async () => {
    const tag = randomUUID().slice(0, 8);
    const at = new Date("2005-05-05T05:05:05.987654Z");
    const rows = await testDb()
      .insert(applications)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          firstName: "Keyset",
          lastName: `Page ${i}`,
          email: `keyset-${tag}-${i}@example.test`,
          phone: "555",
          heardAbout: "friend",
          whyJoin: "to be paged",
          membershipTier: "create",
          agreeTerms: true,
          // Two at the same instant: the id breaks the tie.
          createdAt: i < 2 ? at : new Date(at.getTime() + i * 1000),
        })),
      )
      .returning({ id: applications.id, email: applications.email });
    const emails: string[] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call>> = await call(
        `/api/applications?search=keyset-${tag}&limit=2${after ? `&after=${encodeURIComponent(after)}` : ""}`,
        { cookie: adminCookie },
      );
      expect(page.status).toBe(200);
      expect(page.headers.get("x-total-count")).toBe("5");
      emails.push(...page.json.map((row: { email: string }) => row.email));
      after = page.headers.get("x-next-cursor");
    } while (after);
    expect(emails).toEqual(rows.map((row) => row.email).reverse());
  });
});

describe("referral commission and invitation resend", () => {
  async function partner(rate = "15%") {
    const user = await createTestUser({ isPartner: true });
    const code = `P${randomUUID().slice(0, 8).toUpperCase()}`;
    await testDb().insert(partners).values({ userId: user.id, partnerCode: code, referralCommission: rate });
    return { user, code };
  }

  it("Generate Referral creates the commission a cleared payment could not (the partner registered later), once", async () => {
    const code = `P${randomUUID().slice(0, 8).toUpperCase()}`;
    const { id } = await apply({ partnerCode: code.toLowerCase(), membershipTier: "play" });
    const url = `/api/applications/${id}/generate-referral`;
    expect((await call(url, { method: "POST", cookie: adminCookie })).status).toBe(409); // not approved yet
    await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "approved" },
      cookie: adminCookie,
    });
    const unknown = await call(url, { method: "POST", cookie: adminCookie });
    expect([unknown.status, unknown.json.error]).toEqual([409, `No partner uses the code ${code}.`]);

    // The payment clears before any partner uses the code: no commission yet.
    await call(`/api/applications/${id}/manual-payment`, { body: { notes: "Bank transfer" }, cookie: adminCookie });
    expect(
      await testDb().select().from(referralCommissions).where(eq(referralCommissions.applicationId, id)),
    ).toHaveLength(0);
    const user = await createTestUser({ isPartner: true });
    await testDb().insert(partners).values({ userId: user.id, partnerCode: code, referralCommission: "20%" });

    const [payment] = await paymentsOf(id);
    const created = await call(url, { method: "POST", cookie: adminCookie });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      amountCents: 1500,
      rate: "20%",
      status: "pending",
      paymentTransactionId: payment!.id,
    });
    expect(new Date(created.json.eligibleAt).getTime()).toBe(payment!.completedAt!.getTime() + 30 * 86_400_000);
    const audits = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "referral.created"), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);

    const again = await call(url, { method: "POST", cookie: adminCookie });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("A referral commission already exists for this application.");
    expect(
      await testDb().select().from(referralCommissions).where(eq(referralCommissions.applicationId, id)),
    ).toHaveLength(1);
  });

  it("a cleared payment of a referred application creates the commission by itself", async () => {
    const { code } = await partner("20%");
    const { id } = await apply({ partnerCode: code, membershipTier: "play" });
    await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "approved" },
      cookie: adminCookie,
    });
    const unpaid = await call(`/api/applications/${id}/generate-referral`, { method: "POST", cookie: adminCookie });
    expect([unpaid.status, unpaid.json.error]).toEqual([
      409,
      "The referral commission is created once the first payment has cleared.",
    ]);
    await call(`/api/applications/${id}/manual-payment`, { body: { notes: "Bank transfer" }, cookie: adminCookie });
    const [payment] = await paymentsOf(id);
    const [commission] = await testDb()
      .select()
      .from(referralCommissions)
      .where(eq(referralCommissions.applicationId, id));
    expect(commission).toMatchObject({
      amountCents: 1500,
      rate: "20%",
      status: "pending",
      paymentTransactionId: payment!.id,
    });
  });

  it("refuses a self-referral and an unknown code", async () => {
    const { user, code } = await partner();
    const self = await apply({ partnerCode: code, email: user.email });
    const unknown = await apply({ partnerCode: "NOBODY99" });
    for (const id of [self.id, unknown.id]) {
      await call(`/api/applications/${id}/manual-payment`, { body: { notes: "Cash" }, cookie: adminCookie });
      await call(`/api/applications/${id}/status`, {
        method: "PATCH",
        body: { status: "approved" },
        cookie: adminCookie,
      });
    }
    const refused = await call(`/api/applications/${self.id}/generate-referral`, {
      method: "POST",
      cookie: adminCookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("Self-referrals are not eligible for a commission.");
    expect(
      (await call(`/api/applications/${unknown.id}/generate-referral`, { method: "POST", cookie: adminCookie })).json
        .error,
    ).toBe("No partner uses the code NOBODY99.");
    expect(
      await testDb().select().from(referralCommissions).where(eq(referralCommissions.applicationId, self.id)),
    ).toHaveLength(0);
  });

  it("resends an invitation only to an approved, paid applicant without an account, revoking the old link", async () => {
    const { id, email } = await apply();
    const url = `/api/applications/${id}/resend-invitation`;
    expect((await call(url, { method: "POST", cookie: adminCookie })).status).toBe(409); // pending
    await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "approved" },
      cookie: adminCookie,
    });
    const unpaid = await call(url, { method: "POST", cookie: adminCookie });
    expect(unpaid.status).toBe(409);
    expect(await testDb().select().from(invitations).where(eq(invitations.applicationId, id))).toHaveLength(0);

    await call(`/api/applications/${id}/manual-payment`, { body: { notes: "Cash" }, cookie: adminCookie });
    const oldToken = new URL(linkIn((await latestEmailTo(email))!.text, "/join/")).pathname.split("/").pop()!;
    expect((await call(url, { method: "POST", cookie: adminCookie })).status).toBe(200);
    const newToken = new URL(linkIn((await latestEmailTo(email))!.text, "/join/")).pathname.split("/").pop()!;
    expect(newToken).not.toBe(oldToken);
    expect((await call(`/join/${oldToken}`)).text).toContain("This invitation is no longer valid");
    const audits = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "invitation.resent"), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
  });
});
