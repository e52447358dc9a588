import { addDays, addMonths } from "date-fns";
import { and, eq } from "drizzle-orm";
import { emailOutbox, memberships, paymentTransactions } from "@/db/schema";
import { apply, waitFor } from "../support/applicants";
import { advanceClock, cardMember, syncFakeCatalogue, transactionsOf } from "../support/billing";
import { createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { closeInProcessApp } from "../support/in-process";
import { call, signIn } from "../support/http";

// The daily billing jobs, run here in-process against the test database and the fake
// Stripe API (tests/fakes/stripe-billing.ts), as pg-boss runs them in the server: the comparison of
// our records with Stripe's, listed on the admin dashboard, and the renewal and trial reminders.

let adminCookie: string;
beforeAll(async () => {
  await syncFakeCatalogue();
  adminCookie = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
});

afterAll(closeInProcessApp);

const reconcile = async () => (await import("@/server/billing/reconcile")).reconcileBilling();
const remind = async (now?: Date) => (await import("@/server/billing/reminders")).sendBillingReminders(now);

describe("reconciliation", () => {
  it("finds nothing when our records agree with Stripe's, lists each difference, and the dashboard shows them", async () => {
    const member = await cardMember(adminCookie, "create");
    await advanceClock(member.clock, new Date(member.membership.currentPeriodEnd!.getTime() + 3600_000));
    const [renewal] = await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows[0]?.kind === "renewal" && rows[0].status === "completed",
      "the renewal",
    );
    await waitFor(
      async () => (await testDb().select().from(memberships).where(eq(memberships.id, member.membership.id)))[0]!,
      (m) => m.currentPeriodEnd!.getTime() > member.membership.currentPeriodEnd!.getTime(),
      "the next period",
    );

    const clean = await reconcile();
    expect(clean.checked).toBeGreaterThan(0);
    expect(clean.differences.filter((d) => d.membershipId === member.membership.id)).toEqual([]);

    // Our records drift: a cancellation Stripe never heard of, a renewal we think unpaid.
    await testDb().update(memberships).set({ cancelAtPeriodEnd: true }).where(eq(memberships.id, member.membership.id));
    await testDb()
      .update(paymentTransactions)
      .set({ status: "pending" })
      .where(eq(paymentTransactions.id, renewal!.id));
    const drifted = await reconcile();
    const mine = drifted.differences.filter((d) => d.membershipId === member.membership.id);
    expect(mine).toEqual(
      expect.arrayContaining([
        {
          membershipId: member.membership.id,
          userId: member.userId,
          field: "cancel at period end",
          ours: "true",
          stripe: "false",
        },
        {
          membershipId: member.membership.id,
          userId: member.userId,
          field: `invoice ${renewal!.stripeInvoiceId}`,
          ours: "pending 5000",
          stripe: "paid 5000",
        },
      ]),
    );
    expect(mine).toHaveLength(2);

    const dashboard = await call("/admin", { cookie: adminCookie });
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain("Billing differences");
    expect(dashboard.text).toContain(`href="/admin/billing/${member.userId}"`);
    expect(dashboard.text).toContain(`invoice ${renewal!.stripeInvoiceId}`);
  });
});

describe("reminders", () => {
  /** A member with a membership row of the given kind, her period (or trial) ending at `ends`. */
  async function memberWith(billingMethod: "manual" | "trial", ends: Date) {
    const user = await createTestUser({ membershipLevel: "create" });
    const { id } = await apply({ membershipTier: "create" });
    const startedAt = addMonths(ends, -1);
    await testDb()
      .insert(memberships)
      .values({
        applicationId: id,
        userId: user.id,
        tier: "create",
        status: billingMethod === "trial" ? "trialing" : "active",
        billingMethod,
        startedAt,
        termEndsAt: addMonths(startedAt, 6),
        currentPeriodStart: startedAt,
        currentPeriodEnd: ends,
        trialEndsAt: billingMethod === "trial" ? ends : null,
      });
    return user;
  }
  const sent = (to: string, kind: string) =>
    testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

  it("reminds a bank-transfer member before her renewal and a trial member before her trial ends, once each", async () => {
    const now = new Date();
    const renewing = await memberWith("manual", addDays(now, 5));
    const later = await memberWith("manual", addDays(now, 20));
    const trial = await memberWith("trial", addDays(now, 3));

    // Two instances running the job at once still send each reminder once.
    await Promise.all([remind(now), remind(now)]);
    await remind(now);

    const [renewal] = await sent(renewing.email, "billing-manual-renewal-reminder");
    expect(await sent(renewing.email, "billing-manual-renewal-reminder")).toHaveLength(1);
    expect(renewal!.text).toContain("please transfer $50.00 before");
    expect(renewal!.text).toContain("/profile?tab=billing");
    expect(await sent(later.email, "billing-manual-renewal-reminder")).toHaveLength(0);
    const trialEmails = await sent(trial.email, "billing-trial-ending");
    expect(trialEmails).toHaveLength(1);
    expect(trialEmails[0]!.subject).toMatch(/^Your free trial ends on /);
    expect(trialEmails[0]!.text).toContain("add a card on your billing page");

    // The next period is reminded again.
    await testDb()
      .update(memberships)
      .set({ currentPeriodEnd: addDays(now, 6) })
      .where(eq(memberships.userId, renewing.id));
    await remind(now);
    expect(await sent(renewing.email, "billing-manual-renewal-reminder")).toHaveLength(2);
  });
});
