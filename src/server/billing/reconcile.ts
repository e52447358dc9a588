import "server-only";
import { and, desc, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { db } from "@/db";
import { billingReconciliations, memberships, paymentTransactions, users } from "@/db/schema";
import { readStripe, type InvoiceObject, type SubscriptionObject } from "@/server/money";
import { MEMBERSHIP_STATUS_OF_SUBSCRIPTION } from "@/server/money";
import { stripe, stripeFailure } from "@/server/stripe/client";
import { reportedStripeRefusal } from "@/server/stripe/refusals";
import { toStripeTime } from "./memberships";
import { tierOfPrice } from "./prices";

export type BillingDifference = (typeof billingReconciliations.$inferSelect)["differences"][number];

/** Paid invoices this recent are checked against our transaction rows (a month and a margin). */
const INVOICE_WINDOW_DAYS = 40;
/** Ended memberships are still compared for this long, so a late change in Stripe is noticed. */
const ENDED_WINDOW_DAYS = 40;
/** More than this many differences is a systemic fault; the list keeps the first ones. */
const MAX_DIFFERENCES = 200;

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/**
 * The daily comparison of our records with Stripe's (docs/decisions/021-recurring-billing.md): each card
 * membership's subscription (status, period end, cancellation, price) and every recent paid invoice
 * of our subscriptions against its payment transaction row. It only reports: a difference is for an
 * administrator to look into (webhooks are the source of truth and repair most on their own).
 */
export async function reconcileBilling(now = new Date()): Promise<typeof billingReconciliations.$inferSelect> {
  try {
    return await compareWithStripe(now);
  } catch (error) {
    throw await reportedStripeRefusal(stripeFailure(error, "The daily reconciliation could not read Stripe"));
  }
}

async function compareWithStripe(now: Date): Promise<typeof billingReconciliations.$inferSelect> {
  const client = stripe();
  const endedSince = new Date(now.getTime() - ENDED_WINDOW_DAYS * 86_400_000);
  const ours = await db
    .select()
    .from(memberships)
    .where(
      and(
        isNotNull(memberships.stripeSubscriptionId),
        or(isNull(memberships.endedAt), gt(memberships.endedAt, endedSince)),
      ),
    );
  const bySubscription = new Map(ours.map((m) => [m.stripeSubscriptionId!, m]));
  const differences: BillingDifference[] = [];
  const differ = (m: (typeof ours)[number], field: string, mine: string | null, theirs: string | null) => {
    if (mine !== theirs) differences.push({ membershipId: m.id, userId: m.userId, field, ours: mine, stripe: theirs });
  };

  const seen = new Set<string>();
  for await (const listed of client.subscriptions.list({ status: "all", limit: 100 })) {
    const m = bySubscription.get(listed.id);
    if (!m) continue;
    seen.add(listed.id);
    await compareSubscription(m, readStripe("subscription", listed), differ);
  }
  for (const m of ours) if (!seen.has(m.stripeSubscriptionId!)) differ(m, "subscription", m.stripeSubscriptionId, null);

  const invoices: { invoice: InvoiceObject; membership: (typeof ours)[number] }[] = [];
  for await (const listed of client.invoices.list({
    status: "paid",
    created: { gte: toStripeTime(now) - INVOICE_WINDOW_DAYS * 86_400 },
    limit: 100,
  })) {
    const invoice = readStripe("invoice", listed);
    const membership = bySubscription.get(invoice.parent?.subscription_details?.subscription ?? "");
    if (membership && invoice.amount_paid > 0) invoices.push({ invoice, membership });
  }
  const recorded = new Map<string, { status: string; amount: number }>();
  for (let i = 0; i < invoices.length; i += 500) {
    const ids = invoices.slice(i, i + 500).map(({ invoice }) => invoice.id);
    const rows = await db
      .select({
        invoice: paymentTransactions.stripeInvoiceId,
        status: paymentTransactions.status,
        amount: paymentTransactions.amount,
      })
      .from(paymentTransactions)
      .where(inArray(paymentTransactions.stripeInvoiceId, ids));
    for (const row of rows) recorded.set(row.invoice!, row);
  }
  for (const { invoice, membership: m } of invoices) {
    const row = recorded.get(invoice.id);
    const mine = row ? `${row.status} ${row.amount}` : null;
    const paidAsWeSee =
      row && (row.status === "completed" || row.status === "refunded") && row.amount === invoice.amount_paid;
    if (!paidAsWeSee) differ(m, `invoice ${invoice.id}`, mine, `paid ${invoice.amount_paid}`);
  }

  const [run] = await db
    .insert(billingReconciliations)
    .values({ checked: ours.length, differences: differences.slice(0, MAX_DIFFERENCES) })
    .returning();
  return run!;
}

async function compareSubscription(
  m: typeof memberships.$inferSelect,
  subscription: SubscriptionObject,
  differ: (m: typeof memberships.$inferSelect, field: string, mine: string | null, theirs: string | null) => void,
) {
  const item = subscription.items.data[0];
  const status = MEMBERSHIP_STATUS_OF_SUBSCRIPTION[subscription.status] ?? subscription.status;
  differ(m, "status", m.status, status);
  if (status === "canceled") return;
  differ(m, "current period end", m.currentPeriodEnd?.toISOString() ?? null, iso(item?.current_period_end));
  differ(m, "cancel at period end", String(m.cancelAtPeriodEnd), String(subscription.cancel_at_period_end));
  differ(m, "price", m.scheduledTier ?? m.tier, item ? await tierOfPrice(item.price.id) : null);
}

export interface ReconciliationView {
  ranAt: Date;
  checked: number;
  differences: (BillingDifference & { memberName: string | null })[];
}

/** The last run, its differences named by member, for the admin dashboard. */
export async function latestReconciliation(): Promise<ReconciliationView | null> {
  const [run] = await db
    .select()
    .from(billingReconciliations)
    .orderBy(desc(billingReconciliations.ranAt), desc(billingReconciliations.id))
    .limit(1);
  if (!run) return null;
  const userIds = [...new Set(run.differences.map((d) => d.userId).filter((id): id is number => id !== null))];
  const names = new Map(
    userIds.length
      ? (
          await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(inArray(users.id, userIds))
        ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()])
      : [],
  );
  return {
    ranAt: run.ranAt,
    checked: run.checked,
    differences: run.differences.map((d) => ({ ...d, memberName: d.userId ? (names.get(d.userId) ?? null) : null })),
  };
}
