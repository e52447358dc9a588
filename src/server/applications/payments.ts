import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db";
import { applications, partners, paymentTransactions, referralCommissions, users } from "@/db/schema";
import { AppError, conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail } from "@/server/email/outbox";
import { tierCharge } from "@/server/payments/pricing";
import Stripe from "stripe";
import { stripe, stripeErrorMessage } from "@/server/payments/stripe";
import { paymentCompleted } from "@/server/payments/receipts";
import { inviteIfReady } from "./invitations";

interface Actor {
  adminId: number;
  ip: string;
  baseUrl: string;
}

const PAID = "This application already has a completed payment.";

async function lockApprovedUnpaid(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], id: number) {
  const [app] = await tx.select().from(applications).where(eq(applications.id, id)).for("update").limit(1);
  if (!app) throw notFound("Application not found.");
  if (app.status === "rejected") throw conflict("This application was rejected; it cannot be paid for.");
  const [paid] = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.applicationId, id), eq(paymentTransactions.kind, "payment"), inArray(paymentTransactions.status, ["completed", "authorized"])))
    .limit(1);
  if (paid) throw conflict(PAID);
  return app;
}

/**
 * Records a payment taken outside Stripe (bank transfer, cash) as completed, so that an application
 * can be approved and invited with payments not configured. The amount is the tier's price.
 */
export async function recordManualPayment(id: number, notes: string, actor: Actor) {
  return transactionWithEmail(async (tx, queueEmail) => {
    const app = await lockApprovedUnpaid(tx, id);
    const charge = await tierCharge(app.membershipTier, tx);
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        applicationId: id,
        userId: app.userId,
        amount: charge.amount,
        currency: charge.currency,
        status: "completed",
        paymentMethod: "manual",
        membershipTier: app.membershipTier,
        notes,
        createdBy: actor.adminId,
        completedAt: new Date(),
      })
      .returning();
    await recordAudit({ actorId: actor.adminId, action: "payment.manual_recorded", entityType: "payment_transaction", entityId: row!.id, details: { applicationId: id, amount: charge.amount, notes }, ip: actor.ip }, tx);
    await paymentCompleted(tx, queueEmail, row!, actor.baseUrl);
    return row!;
  });
}

/**
 * The admin's Process Payment dialog (spec 02 section 2.5): charges the tier's price to a card
 * payment method that Stripe Elements created in the browser. The amount is computed here. A
 * declined card is kept as a failed payment row (committed) before the 402 answers the admin.
 */
export async function processCardPayment(id: number, paymentMethodId: string, actor: Actor) {
  const client = stripe();
  const result = await transactionWithEmail(async (tx, queueEmail) => {
    const app = await lockApprovedUnpaid(tx, id);
    if (app.status !== "approved") throw conflict("Approve the application before taking a payment.");
    const charge = await tierCharge(app.membershipTier, tx);
    const [{ attempts }] = (await tx
      .select({ attempts: sql<number>`count(*)::int` })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.applicationId, id))) as [{ attempts: number }];
    let customer = app.stripeCustomerId;
    let intent: Stripe.PaymentIntent;
    try {
      if (!customer) {
        customer = (await client.customers.create({ email: app.email, name: `${app.firstName} ${app.lastName}`, metadata: { applicationId: String(id) } }, { idempotencyKey: `customer-application-${id}` })).id;
        await tx.update(applications).set({ stripeCustomerId: customer }).where(eq(applications.id, id));
      }
      intent = await client.paymentIntents.create(
        {
          amount: charge.amount,
          currency: charge.currency,
          customer,
          payment_method: paymentMethodId,
          confirm: true,
          setup_future_usage: "off_session",
          description: `${charge.title} membership`,
          metadata: { applicationId: String(id), tier: app.membershipTier, source: "admin" },
        },
        { idempotencyKey: `admin-payment-${id}-${attempts}-${paymentMethodId}` },
      );
    } catch (error) {
      // A declined card: Stripe answers with an error that carries the PaymentIntent it created.
      const declined = error instanceof Stripe.errors.StripeCardError ? (error.payment_intent as Stripe.PaymentIntent | undefined) : undefined;
      if (!declined) throw new AppError(402, stripeErrorMessage(error, "Payment processing failed"));
      intent = declined;
    }
    const status = intent.status === "succeeded" ? "completed" : intent.status === "requires_capture" ? "authorized" : intent.status === "processing" ? "pending" : "failed";
    const failure = status === "failed" ? (intent.last_payment_error?.message ?? "Payment processing failed") : null;
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        applicationId: id,
        userId: app.userId,
        amount: charge.amount,
        currency: charge.currency,
        status,
        paymentMethod: "card",
        membershipTier: app.membershipTier,
        stripePaymentIntentId: intent.id,
        createdBy: actor.adminId,
        completedAt: status === "completed" ? new Date() : null,
        failedAt: status === "failed" ? new Date() : null,
        notes: failure ?? "Taken by an admin.",
      })
      .onConflictDoNothing()
      .returning();
    await recordAudit({ actorId: actor.adminId, action: "payment.card_processed", entityType: "application", entityId: id, details: { intent: intent.id, status }, ip: actor.ip }, tx);
    if (failure) return { row: row ?? null, failure };
    if (row?.status === "completed") await paymentCompleted(tx, queueEmail, row, actor.baseUrl);
    else await inviteIfReady(tx, queueEmail, id, actor.baseUrl);
    return { row: row ?? null, failure: null };
  });
  if (result.failure) throw new AppError(402, result.failure);
  return result.row;
}

export const DEFAULT_COMMISSION_RATE = "15%";

/**
 * The partner's commission on a referred member's first payment (spec 02 section 9): 15% unless the
 * partner has another rate, eligible 30 days after the payment cleared. Self-referrals earn nothing.
 */
export async function generateReferral(id: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [app] = await tx.select().from(applications).where(eq(applications.id, id)).for("update").limit(1);
    if (!app) throw notFound("Application not found.");
    if (app.status !== "approved") throw conflict("Only approved applications earn a referral commission.");
    if (!app.partnerCode) throw conflict("This application has no partner code.");
    const [partner] = await tx
      .select({ id: partners.id, rate: partners.referralCommission, userId: partners.userId, email: users.email })
      .from(partners)
      .innerJoin(users, eq(users.id, partners.userId))
      .where(sql`lower(${partners.partnerCode}) = ${app.partnerCode.toLowerCase()}`)
      .limit(1);
    if (!partner) throw conflict(`No partner uses the code ${app.partnerCode}.`);
    // The applicant has no account yet, so a partner using her own code is known by her email.
    const selfReferral = (app.userId && partner.userId === app.userId) || partner.email.toLowerCase() === app.email.toLowerCase();
    if (selfReferral) throw conflict("Self-referrals are not eligible for a commission.");
    const [payment] = await tx
      .select({ amount: paymentTransactions.amount, completedAt: paymentTransactions.completedAt })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.applicationId, id), eq(paymentTransactions.kind, "payment"), eq(paymentTransactions.status, "completed")))
      .orderBy(paymentTransactions.completedAt)
      .limit(1);
    if (!payment) throw conflict("The referral commission is created once the first payment has cleared.");
    const percent = Number.parseFloat(partner.rate) || 15;
    const [row] = await tx
      .insert(referralCommissions)
      .values({
        partnerId: partner.id,
        applicationId: id,
        amountCents: Math.round((payment.amount * percent) / 100),
        rate: partner.rate,
        eligibleAt: new Date((payment.completedAt ?? new Date()).getTime() + 30 * 86_400_000),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict("A referral commission already exists for this application.");
    await recordAudit({ actorId: actor.adminId, action: "referral.created", entityType: "application", entityId: id, details: { partnerId: partner.id, amountCents: row.amountCents }, ip: actor.ip }, tx);
    return row;
  });
}
