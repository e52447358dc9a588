import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  applications,
  auditLog,
  partnerLinkVisits,
  partnerRegistrations,
  partners,
  paymentTransactions,
  referralCommissions,
  users,
} from "@/db/schema";
import { FAKE_STRIPE_WEBHOOK_SECRET, paymentIntentObject, signWebhookPayload, stripeEvent } from "../fakes/stripe";
import { waitFor } from "../support/applicants";
import { chargedIntent, refundInStripe } from "../support/billing";
import { closeTestDb, createTestUser, latestEmailTo, linkIn, TEST_PASSWORD, testDb } from "../support/db";
import { call, randomIp, signIn } from "../support/http";

// The affiliate programme: registration by a single-use email
// link, the partner's figures, commissions that follow the money, and payout runs.

afterAll(closeTestDb);

let admin: string;
beforeAll(async () => {
  admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
});

async function member(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createTestUser(overrides);
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

async function partnerWithCode() {
  const her = await member({ isPartner: true });
  const code = `P${randomUUID().slice(0, 8).toUpperCase()}`;
  const [partner] = await testDb()
    .insert(partners)
    .values({ userId: her.user.id, partnerCode: code })
    .returning({ id: partners.id });
  return { ...her, code, partnerId: partner!.id };
}

/** The Apply page's visit of a partner's link, from a client address, with the headers given (a cookie, a User-Agent). */
const visitLink = (code: string, ip: string, headers: Record<string, string> = {}) =>
  call("/api/partners/visits", { body: { code }, headers: { "x-forwarded-for": ip, ...headers }, origin: null });

/** The visitor cookie a visit answered with (name=value). */
function visitorCookie(result: { headers: Headers }): string {
  const pair = result.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((p) => p.startsWith("ref_visitor="));
  if (!pair) throw new Error("No visitor cookie was set");
  return pair;
}

/** A referred application (approved) with one pending card payment per intent id given. */
async function referredApplication(
  code: string,
  intents: string[],
  email = `referred_${randomUUID().slice(0, 8)}@example.com`,
) {
  const [app] = await testDb()
    .insert(applications)
    .values({
      firstName: "Rae",
      lastName: "Ferred",
      email,
      phone: "+1 555 0100",
      membershipTier: "create",
      heardAbout: "A friend",
      whyJoin: "Referred by a friend who loves it.",
      partnerCode: code,
      agreeTerms: true,
      status: "approved",
      approvedAt: new Date(),
    })
    .returning();
  for (const intent of intents) {
    await testDb().insert(paymentTransactions).values({
      applicationId: app!.id,
      amount: 5000,
      membershipTier: "create",
      paymentMethod: "card",
      status: "authorized",
      stripePaymentIntentId: intent,
    });
  }
  return app!;
}

const webhook = (type: string, object: Record<string, unknown>) => {
  const payload = JSON.stringify(stripeEvent(type, object));
  return fetch(`${process.env.TEST_BASE_URL}/api/stripe/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET),
    },
    body: payload,
  });
};
const succeeded = (intent: string) =>
  webhook(
    "payment_intent.succeeded",
    paymentIntentObject({ id: intent, status: "succeeded", amount: 5000, amount_received: 5000 }),
  );
/** Refunded in Stripe: the app reads the refunds from Stripe when its refund events arrive. */
const refundedInStripe = async (intent: string, applicationId: number) => {
  await refundInStripe(intent);
  await waitFor(
    () => commissionsOf(applicationId),
    (rows) => rows[0]?.status === "cancelled",
    "the refund events to cancel the commission",
  );
};
const commissionsOf = (applicationId: number) =>
  testDb().select().from(referralCommissions).where(eq(referralCommissions.applicationId, applicationId));

describe("registration", () => {
  it("emails a single-use link; opening it changes nothing, accepting creates her partner record at 15%", async () => {
    const her = await member();
    const other = await member();
    expect(
      (await call("/api/partners/send-registration-email", { cookie: her.cookie, body: { email: "" } })).json.fields,
    ).toEqual({ email: "Email is required" });
    expect(
      (
        await call("/api/partners/send-registration-email", {
          cookie: her.cookie,
          body: { email: "me@example.com", userId: other.user.id },
        })
      ).status,
    ).toBe(403);
    // Only to her account's address: the call never makes the app write to an address she names.
    const elsewhere = `victim_${her.user.id}@example.com`;
    const refused = await call("/api/partners/send-registration-email", {
      cookie: her.cookie,
      body: { email: elsewhere, userId: her.user.id },
    });
    expect([refused.status, refused.json.fields]).toEqual([
      400,
      { email: "The registration link is sent to your account's email address." },
    ]);
    expect(await latestEmailTo(elsewhere)).toBeNull();
    const sent = await call("/api/partners/send-registration-email", {
      cookie: her.cookie,
      body: { email: her.user.email.toUpperCase(), userId: her.user.id },
    });
    expect(sent.status).toBe(200);
    const link = linkIn((await latestEmailTo(her.user.email))!.text, "/profile/affiliate/");
    const token = new URL(link).pathname.split("/").pop()!;

    const page = await call(new URL(link).pathname, { cookie: her.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Accept");
    expect(await testDb().select().from(partners).where(eq(partners.userId, her.user.id))).toHaveLength(0);

    expect((await call("/api/partners/accept", { cookie: other.cookie, body: { token } })).status).toBe(409);
    const accepted = await call("/api/partners/accept", { cookie: her.cookie, body: { token } });
    expect(accepted.status).toBe(201);
    expect(accepted.json).toMatchObject({
      userId: her.user.id,
      referralCommission: "15%",
      partnerCode: expect.stringMatching(/^TEST[A-Z0-9]{4}$/),
    });
    expect((await call("/api/partners/accept", { cookie: her.cookie, body: { token } })).status).toBe(409);
    const [row] = await testDb()
      .select()
      .from(partnerRegistrations)
      .where(eq(partnerRegistrations.userId, her.user.id));
    expect(row!.usedAt).not.toBeNull();
    const [user] = await testDb().select({ isPartner: users.isPartner }).from(users).where(eq(users.id, her.user.id));
    expect(user!.isPartner).toBe(true);
    expect(
      (await call("/api/partners/send-registration-email", { cookie: her.cookie, body: { email: her.user.email } }))
        .status,
    ).toBe(409);
  });

  it("refuses an expired link", async () => {
    const her = await member();
    await call("/api/partners/send-registration-email", { cookie: her.cookie, body: { email: her.user.email } });
    const token = new URL(linkIn((await latestEmailTo(her.user.email))!.text, "/profile/affiliate/")).pathname
      .split("/")
      .pop()!;
    await testDb()
      .update(partnerRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerRegistrations.userId, her.user.id));
    const refused = await call("/api/partners/accept", { cookie: her.cookie, body: { token } });
    expect([refused.status, refused.json.error]).toEqual([
      409,
      "This registration link has expired. Request a new one from the Affiliate tab of your profile.",
    ]);
  });
});

describe("the partner's figures", () => {
  it("counts link visits once per visitor per day, applications, approvals and commissions, to her and admins only", async () => {
    const p = await partnerWithCode();
    // Two visitors (each keeps the cookie the first visit gives her), one of them twice.
    const first = await visitLink(p.code.toLowerCase(), randomIp());
    expect(first.status).toBe(204);
    await visitLink(p.code, randomIp(), { cookie: visitorCookie(first) });
    await visitLink(p.code, randomIp());
    expect((await call("/api/partners/visits", { body: { code: "NOBODY" }, origin: null })).status).toBe(204);
    const app = await referredApplication(p.code, [`pi_fig_${randomUUID()}`]);
    await testDb()
      .insert(applications)
      .values({
        ...app,
        id: undefined,
        email: `pending_${randomUUID()}@example.com`,
        status: "pending",
        approvedAt: null,
      });
    await succeeded(
      (await testDb().select().from(paymentTransactions).where(eq(paymentTransactions.applicationId, app.id)))[0]!
        .stripePaymentIntentId!,
    );

    const mine = await call(`/api/partners/${p.user.id}`, { cookie: p.cookie });
    expect(mine.json).toEqual({
      userId: p.user.id,
      partnerCode: p.code,
      referralCommission: "15%",
      linkVisits: 2,
      applications: 2,
      approvedMembers: 1,
      commissions: {
        pending: { count: 1, amountCents: 750 },
        eligible: { count: 0, amountCents: 0 },
        paid: { count: 0, amountCents: 0 },
      },
      // Her own statement, each referral by first name and initial (nothing else of the application).
      statement: {
        commissions: [
          {
            id: expect.any(Number),
            referral: `${app.firstName} ${app.lastName.charAt(0)}.`,
            amountCents: 750,
            status: "pending",
            eligibleAt: expect.any(String),
            paidAt: null,
            cancelReason: null,
            createdAt: expect.any(String),
          },
        ],
        payouts: [],
      },
    });
    const [held] = mine.json.statement.commissions;
    expect(Date.parse(held.eligibleAt) - Date.parse(held.createdAt)).toBeGreaterThanOrEqual(29 * 86_400_000);
    expect(JSON.stringify(mine.json.statement)).not.toContain(app.email);
    expect((await call(`/api/partners/${p.user.id}`, { cookie: admin })).status).toBe(200);
    expect((await call(`/api/partners/${p.user.id}`, { cookie: (await member()).cookie })).status).toBe(403);
  });
});

describe("link visits", () => {
  const visits = async (partnerId: number) =>
    (await testDb().select().from(partnerLinkVisits).where(eq(partnerLinkVisits.partnerId, partnerId))).length;

  it("counts a visitor once a day by her first-party cookie, whatever her User-Agent or address says", async () => {
    const p = await partnerWithCode();
    const first = await visitLink(p.code, randomIp(), { "user-agent": "agent-0" });
    const cookie = visitorCookie(first);
    expect(first.headers.get("set-cookie")).toMatch(/; HttpOnly/i);
    expect(first.headers.get("set-cookie")).toMatch(/; SameSite=lax/i);
    for (let i = 1; i < 25; i++)
      expect((await visitLink(p.code, randomIp(), { cookie, "user-agent": `agent-${i}` })).status).toBe(204);
    expect(await visits(p.partnerId)).toBe(1);
  });

  it("counts at most 10 new visitors a day from one address, however its requests vary their headers", async () => {
    const p = await partnerWithCode();
    const ip = randomIp();
    for (let i = 0; i < 25; i++)
      expect(
        (await visitLink(p.code, ip, { "user-agent": `Mozilla/5.0 (variant ${i})`, "accept-language": `x-${i}` }))
          .status,
      ).toBe(204);
    expect(await visits(p.partnerId)).toBe(10);
    // Another address is another budget.
    await visitLink(p.code, randomIp());
    expect(await visits(p.partnerId)).toBe(11);
  });
});

describe("commissions follow the money", () => {
  it("two parallel first payments create one commission, at her rate, eligible 30 days after it cleared", async () => {
    const p = await partnerWithCode();
    await testDb().update(partners).set({ referralCommission: "20%" }).where(eq(partners.userId, p.user.id));
    const intents = [`pi_par_a_${randomUUID()}`, `pi_par_b_${randomUUID()}`];
    const app = await referredApplication(p.code, intents);
    const answers = await Promise.all(intents.map(succeeded));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const rows = await commissionsOf(app.id);
    expect(rows).toHaveLength(1);
    const [paid] = await testDb()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, rows[0]!.paymentTransactionId!));
    expect(rows[0]).toMatchObject({ amountCents: 1000, rate: "20%", status: "pending" });
    expect(rows[0]!.eligibleAt!.getTime()).toBe(paid!.completedAt!.getTime() + 30 * 86_400_000);
    const button = await call(`/api/applications/${app.id}/generate-referral`, { method: "POST", cookie: admin });
    expect([button.status, button.json.error]).toEqual([
      409,
      "A referral commission already exists for this application.",
    ]);
  });

  it("a refund before payout cancels the commission; a self-referral earns nothing", async () => {
    const p = await partnerWithCode();
    const intent = await chargedIntent();
    const app = await referredApplication(p.code, [intent]);
    await succeeded(intent);
    expect((await commissionsOf(app.id))[0]!.status).toBe("pending");
    await refundedInStripe(intent, app.id);
    expect((await commissionsOf(app.id))[0]).toMatchObject({
      status: "cancelled",
      cancelReason: "The referred payment was refunded or reversed.",
    });

    const selfIntent = `pi_self_${randomUUID()}`;
    const self = await referredApplication(p.code, [selfIntent], p.user.email);
    await succeeded(selfIntent);
    expect(await commissionsOf(self.id)).toHaveLength(0);
  });

  it("a payout run pays the eligible commissions once, audit-logged, with a CSV of the run", async () => {
    const p = await partnerWithCode();
    const intent = await chargedIntent();
    const app = await referredApplication(p.code, [intent]);
    await succeeded(intent);
    // Other tests' commissions may be eligible too; this one is made due by moving its date back.
    await testDb()
      .update(referralCommissions)
      .set({ eligibleAt: new Date(Date.now() - 1000) })
      .where(eq(referralCommissions.applicationId, app.id));
    expect(
      (await call("/api/admin/affiliates/payouts", { method: "POST", cookie: (await member()).cookie })).status,
    ).toBe(403);
    const run = await call("/api/admin/affiliates/payouts", { method: "POST", cookie: admin });
    expect(run.status).toBe(201);
    const [commission] = await commissionsOf(app.id);
    expect(commission).toMatchObject({ status: "paid", payoutId: run.json.id });
    const [audit] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "affiliate.payout"), eq(auditLog.entityId, String(run.json.id))));
    expect(audit!.details).toMatchObject({ commissionIds: expect.arrayContaining([commission!.id]) });
    const csv = await call(`/api/admin/affiliates/payouts/${run.json.id}/csv`, { cookie: admin });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text.split("\r\n")[0]).toBe(
      "commissionId,partnerCode,partnerName,partnerEmail,applicationId,rate,amount,currency,paidAt",
    );
    expect(csv.text).toContain(`${commission!.id},${p.code},`);
    expect(csv.text).toContain(",15%,7.50,usd,");
    const again = await call("/api/admin/affiliates/payouts", { method: "POST", cookie: admin });
    expect([again.status, again.json.error]).toEqual([409, "No commissions are eligible for payout."]);
    // A refund after the payout leaves the paid commission alone.
    await refundInStripe(intent);
    await waitFor(
      () => testDb().select().from(paymentTransactions).where(eq(paymentTransactions.stripePaymentIntentId, intent)),
      (rows) => rows[0]?.status === "refunded",
      "the refund events",
    );
    expect((await commissionsOf(app.id))[0]!.status).toBe("paid");
  });
});
