import "server-only";
import { addDays } from "date-fns";
import { and, eq, gt, isNull, lte, ne, or, sql, type AnyColumn } from "drizzle-orm";
import { memberships, membershipTiers, users } from "@/db/schema";
import { siteUrl } from "@/lib/http/site-url";
import { transactionWithEmail } from "@/server/email/outbox";
import { getSiteSettings } from "@/server/settings";
import { billingEmails } from "./emails";

/** How long before a bank-transfer renewal, or a trial's end, the reminder goes out. */
export const REMINDER_DAYS_BEFORE = 7;

/**
 * The daily reminders (docs/decisions/021-recurring-billing.md): a member who pays by bank transfer is
 * reminded before her month ends, and a trial member without a card before her trial ends, once per
 * period each. The rows are claimed by the same UPDATE that records the reminder (reminder_sent_for
 * = the date it is for), in the transaction that queues the email, so two instances running the job
 * at once send each reminder once.
 */
export async function sendBillingReminders(now = new Date()): Promise<{ renewals: number; trials: number }> {
  const horizon = addDays(now, REMINDER_DAYS_BEFORE);
  const { siteName } = await getSiteSettings();
  const billingUrl = `${siteUrl()}/profile?tab=billing`;
  return transactionWithEmail(async (tx, queueEmail) => {
    const due = (date: AnyColumn) =>
      and(
        gt(date, now),
        lte(date, horizon),
        or(isNull(memberships.reminderSentFor), ne(memberships.reminderSentFor, date)),
        sql`${memberships.userId} is not null`,
      );
    const renewals = await tx
      .update(memberships)
      .set({ reminderSentFor: sql`${memberships.currentPeriodEnd}` })
      .where(
        and(
          eq(memberships.billingMethod, "manual"),
          eq(memberships.status, "active"),
          eq(memberships.cancelAtPeriodEnd, false),
          due(memberships.currentPeriodEnd),
        ),
      )
      .returning();
    const trials = await tx
      .update(memberships)
      .set({ reminderSentFor: sql`${memberships.trialEndsAt}` })
      .where(
        and(
          eq(memberships.billingMethod, "trial"),
          eq(memberships.status, "trialing"),
          isNull(memberships.stripeSubscriptionId),
          due(memberships.trialEndsAt),
        ),
      )
      .returning();
    for (const m of [...renewals, ...trials]) {
      const [member] = await tx
        .select({
          email: users.email,
          firstName: users.firstName,
          title: membershipTiers.title,
          amount: membershipTiers.monthlyPriceCents,
        })
        .from(users)
        .innerJoin(membershipTiers, eq(membershipTiers.id, m.tier))
        .where(eq(users.id, m.userId!))
        .limit(1);
      if (!member) continue;
      const ctx = { siteName, to: member, billingUrl };
      await queueEmail(
        m.billingMethod === "manual"
          ? billingEmails.manualRenewalReminder(ctx, member.amount, m.currentPeriodEnd!)
          : billingEmails.trialEnding(ctx, member.title, member.amount, m.trialEndsAt!),
      );
    }
    return { renewals: renewals.length, trials: trials.length };
  });
}
