import "server-only";
import type { Actor } from "@/server/auth/actor";
import type { UpgradePreview } from "@/features/billing/types";
import { addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { TIER_IDS, type TierId } from "@/features/membership/constants";
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail, type QueueEmail } from "@/server/email/outbox";
import { lockMembership } from "@/server/money";
import { readStripe, readStripeList, type InvoiceObject, type SubscriptionObject } from "@/server/money";
import { tierCharge } from "@/server/money";
import { stripeAttempt } from "@/server/money";
import {
  askStripe,
  PAYMENTS_NOT_CONFIGURED,
  paymentsConfigured,
  stripe,
  stripeErrorMessage,
  stripeFailure,
  type StripeSubject,
} from "@/server/stripe/client";
import { recordRefusalOf } from "@/server/stripe/refusals";
import { readSiteSettings } from "@/server/settings";
import { billingEmails } from "./emails";
import { fromStripeTime, mirrorSubscription, setPaidTier, toStripeTime, type Membership } from "./memberships";
import { priceFor } from "./prices";
import type { ChangeTierInput } from "@/features/billing/schemas";

/** A preview may be confirmed for this long; after it she is shown a fresh one. */
export const PREVIEW_VALID_SECONDS = 30 * 60;
const rank = (tier: string) => TIER_IDS.indexOf(tier as TierId);
const NO_CARD_MEMBERSHIP = "There is no card membership to change.";

/** Runs a change to her membership under its row lock, with emails and the audit in the same transaction. */
async function withMembership<T>(
  userId: number,
  work: (tx: Transaction, m: Membership, queueEmail: QueueEmail) => Promise<T>,
): Promise<T> {
  return transactionWithEmail(async (tx, queueEmail) => {
    const m = await lockMembership(tx, { userId });
    if (!m) throw notFound("This member has no membership billing yet.");
    return work(tx, m, queueEmail);
  });
}

function requireLiveSubscription(m: Membership): string {
  // Without Stripe (the embedded default) nothing can change, whatever the membership's rows say.
  if (!paymentsConfigured()) throw serviceUnavailable(PAYMENTS_NOT_CONFIGURED);
  if (!m.stripeSubscriptionId || m.billingMethod !== "card") throw conflict(NO_CARD_MEMBERSHIP);
  if (m.status === "canceled") throw conflict("This membership has ended.");
  return m.stripeSubscriptionId;
}

async function emailTo(tx: Transaction, m: Membership, actor: Actor) {
  const [to] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, m.userId!))
    .limit(1);
  return {
    siteName: (await readSiteSettings(tx)).siteName,
    to: to!,
    billingUrl: `${actor.baseUrl}/profile?tab=billing`,
  };
}

async function audit(tx: Transaction, actor: Actor, m: Membership, action: string, details: Record<string, unknown>) {
  await recordAudit(
    {
      actorId: actor.id,
      action: `billing.${action}`,
      entityType: "membership",
      entityId: m.id,
      details: { userId: m.userId, onBehalf: actor.id !== m.userId, ...details },
      ip: actor.ip,
    },
    tx,
  );
}

/** Her subscription as Stripe has it now, and its one item (her tier's price and the current period). */
async function subscriptionItem(m: Membership, operation: string) {
  const subscription = readStripe(
    "subscription",
    await askStripe(operation, m, (client) => client.subscriptions.retrieve(m.stripeSubscriptionId!)),
  );
  return { subscription, item: subscription.items.data[0]! };
}

const PREVIEW_FAILED = "The upgrade could not be previewed";
const CHANGE_FAILED = "The change failed";

/** Stripe's own invoice preview of upgrading now: what she will be charged today, line by line. */
export async function previewUpgrade(userId: number, tier: TierId): Promise<UpgradePreview> {
  return withMembership(userId, async (tx, m) => {
    const subscriptionId = requireLiveSubscription(m);
    if (rank(tier) <= rank(m.tier))
      throw conflict(
        "Only a higher tier can be previewed as an upgrade; a lower tier starts at the end of the period.",
      );
    if (m.scheduledTier) throw conflict("Undo your scheduled tier change before upgrading.");
    const { item } = await subscriptionItem(m, PREVIEW_FAILED);
    const price = await priceFor(tier);
    const prorationDate = Math.max(Math.floor(Date.now() / 1000), item.current_period_start);
    const invoice: InvoiceObject = readStripe(
      "invoice",
      await askStripe(PREVIEW_FAILED, m, (client) =>
        client.invoices.createPreview({
          customer: m.stripeCustomerId!,
          subscription: subscriptionId,
          subscription_details: {
            items: [{ id: item.id, price: price.id }],
            proration_behavior: "always_invoice",
            proration_date: prorationDate,
          },
        }),
      ),
    );
    return {
      tier,
      tierTitle: (await tierCharge(tier, tx)).title,
      amountDue: invoice.amount_due,
      currency: invoice.currency,
      prorationDate,
      periodEnd: fromStripeTime(item.current_period_end).toISOString(),
      lines: invoice.lines.data.map((l) => ({ description: l.description ?? "", amount: l.amount })),
    };
  });
}

// Setting a state (a price, cancel_at_period_end) is safe to repeat, so those calls rely on the
// Stripe library's own idempotency key for its retries. Calls that make something (a customer, a
// subscription, an upgrade's invoice) are attempts with keys of their own (src/server/money/requests.ts).

/**
 * Upgrade: at once, charging exactly the preview she confirmed (same proration date; the update
 * fails rather than leave an unpaid invoice). Downgrade: the subscription's price changes now
 * without proration, so the next renewal charges the lower price, and she keeps her tier until then.
 */
export async function changeTier(userId: number, input: ChangeTierInput, actor: Actor) {
  return withMembership(userId, async (tx, m, queueEmail) => {
    const subscriptionId = requireLiveSubscription(m);
    if (input.tier === m.tier)
      throw conflict(
        m.scheduledTier
          ? "That is already your tier: undo the scheduled change instead."
          : "That is already your tier.",
      );
    const upgrading = rank(input.tier) > rank(m.tier);
    const { item } = await subscriptionItem(m, upgrading ? "The upgrade failed" : CHANGE_FAILED);
    const price = await priceFor(input.tier);
    const title = (await tierCharge(input.tier, tx)).title;
    const client = stripe();
    if (upgrading) {
      if (m.scheduledTier) throw conflict("Undo your scheduled tier change before upgrading.");
      if (m.status !== "active") throw conflict("Please settle the outstanding payment before upgrading.");
      const now = Math.floor(Date.now() / 1000);
      const at = input.prorationDate;
      if (!at || at < item.current_period_start || at > now || now - at > PREVIEW_VALID_SECONDS)
        throw badRequest("The price shown has expired. Please review the upgrade again.");
      let updated: SubscriptionObject;
      try {
        updated = readStripe(
          "subscription",
          await stripeAttempt(tx, { operation: "upgrade", subject: `membership-${m.id}` }, (idempotencyKey) =>
            client.subscriptions.update(
              subscriptionId,
              {
                items: [{ id: item.id, price: price.id }],
                proration_behavior: "always_invoice",
                proration_date: at,
                payment_behavior: "error_if_incomplete",
                expand: ["latest_invoice"],
              },
              { idempotencyKey },
            ),
          ),
        );
      } catch (error) {
        throw stripeFailure(error, "The upgrade failed", m);
      }
      const invoice = typeof updated.latest_invoice === "object" ? updated.latest_invoice : null;
      const charged = invoice?.amount_paid ?? 0;
      const paid = await setPaidTier(tx, m, input.tier, invoice?.created ?? now);
      await mirrorSubscription(tx, paid, updated);
      if (paid.userId) await queueEmail(billingEmails.upgraded(await emailTo(tx, m, actor), title, charged));
      await audit(tx, actor, m, "upgraded", { from: m.tier, to: input.tier, charged, invoice: invoice?.id ?? null });
      return { tier: input.tier, charged, effective: "now" as const };
    }
    const updated = readStripe(
      "subscription",
      await askStripe(CHANGE_FAILED, m, () =>
        client.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: price.id }],
          proration_behavior: "none",
        }),
      ),
    );
    const { after } = await mirrorSubscription(tx, m, updated);
    if (m.userId)
      await queueEmail(billingEmails.downgradeScheduled(await emailTo(tx, m, actor), title, after.currentPeriodEnd!));
    await audit(tx, actor, m, "downgrade_scheduled", { from: m.tier, to: input.tier, on: after.currentPeriodEnd });
    return { tier: input.tier, charged: 0, effective: "period_end" as const, on: after.currentPeriodEnd };
  });
}

/** The first day she may cancel: the period that ends with her term may be cancelled from its start. */
export const cancelableFrom = (m: Pick<Membership, "termEndsAt">) => addMonths(m.termEndsAt, -1);

/** Cancels at the end of the current period, once the tier's term is served (admins may cancel earlier). */
export async function cancelMembership(userId: number, actor: Actor) {
  return withMembership(userId, async (tx, m, queueEmail) => {
    const subscriptionId = requireLiveSubscription(m);
    if (m.cancelAtPeriodEnd) throw conflict("This membership is already set to end.");
    const periodEnd = m.currentPeriodEnd ?? new Date();
    if (!actor.actsAsAdmin && periodEnd.getTime() < m.termEndsAt.getTime()) {
      throw conflict(
        `Your membership term runs until ${formatDate(m.termEndsAt)}. You can cancel from ${formatDate(cancelableFrom(m))}.`,
      );
    }
    const updated = readStripe(
      "subscription",
      await askStripe("The cancellation failed", m, (client) =>
        client.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      ),
    );
    const { after } = await mirrorSubscription(tx, m, updated);
    if (m.userId) await queueEmail(billingEmails.cancelScheduled(await emailTo(tx, m, actor), after.currentPeriodEnd!));
    await audit(tx, actor, m, "cancel_scheduled", { on: after.currentPeriodEnd });
    return { endsOn: after.currentPeriodEnd };
  });
}

/** Undoes a scheduled downgrade and a scheduled cancellation. */
export async function resumeMembership(userId: number, actor: Actor) {
  return withMembership(userId, async (tx, m, queueEmail) => {
    const subscriptionId = requireLiveSubscription(m);
    if (!m.cancelAtPeriodEnd && !m.scheduledTier) throw conflict("There is no scheduled change to undo.");
    const { item } = await subscriptionItem(m, CHANGE_FAILED);
    const price = await priceFor(m.tier);
    const updated = readStripe(
      "subscription",
      await askStripe(CHANGE_FAILED, m, (client) =>
        client.subscriptions.update(subscriptionId, {
          cancel_at_period_end: false,
          ...(item.price.id !== price.id
            ? { items: [{ id: item.id, price: price.id }], proration_behavior: "none" as const }
            : {}),
        }),
      ),
    );
    await mirrorSubscription(tx, m, updated);
    const what = [
      m.scheduledTier
        ? `Your change to ${(await tierCharge(m.scheduledTier, tx)).title} was undone: you stay a ${(await tierCharge(m.tier, tx)).title} member.`
        : null,
      m.cancelAtPeriodEnd ? "Your cancellation was undone: your membership renews as before." : null,
    ]
      .filter(Boolean)
      .join(" ");
    if (m.userId) await queueEmail(billingEmails.resumed(await emailTo(tx, m, actor), what));
    await audit(tx, actor, m, "change_undone", {
      scheduledTier: m.scheduledTier,
      cancelAtPeriodEnd: m.cancelAtPeriodEnd,
    });
    return { ok: true };
  });
}

/** A SetupIntent for the Payment Element: the card goes from her browser to Stripe, never to us. */
export async function createCardSetup(userId: number) {
  return withMembership(userId, async (tx, m) => {
    if (m.billingMethod === "manual") throw conflict("This membership is paid by bank transfer.");
    if (m.status === "canceled") throw conflict("This membership has ended.");
    const ask = <T>(call: (client: ReturnType<typeof stripe>) => Promise<T>) =>
      askStripe("The card form could not be opened", m, call);
    let customer = m.stripeCustomerId;
    if (!customer) {
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      customer = readStripe(
        "customer",
        await ask((client) =>
          stripeAttempt(tx, { operation: "customer", subject: `membership-${m.id}` }, (idempotencyKey) =>
            client.customers.create(
              {
                email: user!.email,
                name: `${user!.firstName} ${user!.lastName}`.trim(),
                metadata: { membershipId: String(m.id) },
              },
              { idempotencyKey },
            ),
          ),
        ),
      ).id;
      await tx.update(memberships).set({ stripeCustomerId: customer }).where(eq(memberships.id, m.id));
      await tx.update(users).set({ stripeCustomerId: customer }).where(eq(users.id, userId));
    }
    // She confirms in her browser, where Stripe.js can redirect her and bring her back (return_url).
    const intent = readStripe(
      "setup_intent",
      await ask((client) =>
        client.setupIntents.create({
          customer: customer!,
          usage: "off_session",
          automatic_payment_methods: { enabled: true },
          metadata: { membershipId: String(m.id) },
        }),
      ),
    );
    if (!intent.client_secret) throw new AppError(502, "Stripe sent a setup intent without its client secret.");
    return { clientSecret: intent.client_secret };
  });
}

/**
 * A trial member's first card starts her subscription, first charged when the trial ends (classic
 * billing mode, as every subscription of ours: see startCardMembership). A subscription an earlier
 * attempt started (its answer lost) is found in Stripe rather than started twice.
 */
async function startTrialSubscription(
  tx: Transaction,
  m: Membership,
  customer: string,
  paymentMethod: string,
): Promise<SubscriptionObject> {
  const ask = <T>(call: (client: ReturnType<typeof stripe>) => Promise<T>) => askStripe(CARD_NOT_SAVED, m, call);
  const started = readStripeList(
    "subscription",
    await ask((client) => client.subscriptions.list({ customer, status: "all", limit: 20 })),
  ).find(
    (s) => s.metadata.membershipId === String(m.id) && s.status !== "canceled" && s.status !== "incomplete_expired",
  );
  if (started) return started;
  const trialEnd =
    m.trialEndsAt && m.trialEndsAt.getTime() > Date.now() + 60_000 ? toStripeTime(m.trialEndsAt) : undefined;
  const price = await priceFor(m.tier);
  return readStripe(
    "subscription",
    await ask((client) =>
      stripeAttempt(tx, { operation: "subscription", subject: `membership-${m.id}` }, (idempotencyKey) =>
        client.subscriptions.create(
          {
            customer,
            items: [{ price: price.id }],
            billing_mode: { type: "classic" },
            default_payment_method: paymentMethod,
            ...(trialEnd ? { trial_end: trialEnd } : {}),
            metadata: { membershipId: String(m.id), tier: m.tier },
          },
          { idempotencyKey },
        ),
      ),
    ),
  );
}

const CARD_NOT_SAVED = "The card could not be saved";

/**
 * After the Payment Element confirmed her SetupIntent: the card becomes the default for her
 * subscription (or starts it, for a trial: first charged when the trial ends), and an invoice left
 * unpaid by a failed renewal is paid with it at once.
 */
export async function saveCard(userId: number, setupIntentId: string, actor: Actor) {
  return withMembership(userId, async (tx, m, queueEmail) => {
    const ask = <T>(call: (client: ReturnType<typeof stripe>) => Promise<T>) => askStripe(CARD_NOT_SAVED, m, call);
    const intent = readStripe("setup_intent", await ask((client) => client.setupIntents.retrieve(setupIntentId)));
    if (!m.stripeCustomerId || intent.customer !== m.stripeCustomerId) throw notFound("That card setup was not found.");
    if (intent.status !== "succeeded" || !intent.payment_method)
      throw conflict("The card was not confirmed. Please try again.");
    const customer = m.stripeCustomerId;
    const paymentMethod = intent.payment_method;
    await ask((client) =>
      client.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethod } }),
    );
    await tx.update(users).set({ stripePaymentMethodId: paymentMethod }).where(eq(users.id, userId));
    let paymentError: string | null = null;
    if (m.stripeSubscriptionId) {
      const subscriptionId = m.stripeSubscriptionId;
      const updated = readStripe(
        "subscription",
        await ask((client) => client.subscriptions.update(subscriptionId, { default_payment_method: paymentMethod })),
      );
      await mirrorSubscription(tx, m, updated);
      if (m.status === "past_due") {
        const [open] = readStripeList(
          "invoice",
          await ask((client) => client.invoices.list({ subscription: subscriptionId, status: "open", limit: 1 })),
        );
        if (open) {
          try {
            await stripe().invoices.pay(open.id, { payment_method: paymentMethod });
          } catch (error) {
            // Her card is saved either way: what the payment met is hers to read, and listed for the admins.
            await recordRefusalOf(error, "The open invoice could not be paid", m, tx);
            paymentError = stripeErrorMessage(error, "The payment failed.");
          }
        }
      }
    } else if (m.billingMethod === "trial") {
      const subscription = await startTrialSubscription(tx, m, customer, paymentMethod);
      const [withSub] = await tx
        .update(memberships)
        .set({ stripeSubscriptionId: subscription.id, billingMethod: "card", accessEndsAt: null })
        .where(eq(memberships.id, m.id))
        .returning();
      await mirrorSubscription(tx, withSub!, subscription);
    }
    const card = await describeCard(paymentMethod, m);
    await queueEmail(billingEmails.cardUpdated(await emailTo(tx, m, actor), card ?? "your new card"));
    await audit(tx, actor, m, "card_updated", { paymentMethod });
    return { card, paymentError };
  });
}

export async function describeCard(paymentMethodId: string | null, whose: StripeSubject = {}): Promise<string | null> {
  if (!paymentMethodId) return null;
  try {
    const method = readStripe("payment_method", await stripe().paymentMethods.retrieve(paymentMethodId));
    return method.card
      ? `${method.card.brand[0]!.toUpperCase()}${method.card.brand.slice(1)} ending in ${method.card.last4}`
      : method.type;
  } catch (error) {
    // A card without its description is still her card: the page says "your card".
    await recordRefusalOf(error, "Her card could not be described", whose).catch(() => undefined);
    return null;
  }
}
