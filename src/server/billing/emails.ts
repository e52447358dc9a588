import "server-only";
import type { OutgoingEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { formatCents, formatDate } from "@/lib/format";

export interface Recipient {
  email: string;
  firstName: string;
}

/** The billing emails: each names what changed, when, and links to her billing tab. */
function billingEmail(
  siteName: string,
  to: Recipient,
  kind: string,
  subject: string,
  paragraphs: string[],
  billingUrl: string,
): OutgoingEmail {
  return {
    to: to.email,
    kind,
    subject,
    ...renderEmail({
      siteName,
      heading: subject,
      paragraphs: [`Hi ${to.firstName},`, ...paragraphs],
      action: { label: "Open your billing", url: billingUrl },
    }),
  };
}

type Ctx = { siteName: string; to: Recipient; billingUrl: string };

export const billingEmails = {
  upgraded: ({ siteName, to, billingUrl }: Ctx, tierTitle: string, charged: number) =>
    billingEmail(
      siteName,
      to,
      "billing-upgraded",
      `You are now a ${tierTitle} member`,
      [
        `Your membership was upgraded to ${tierTitle}. We charged ${formatCents(charged)} for the rest of this billing period; from your next renewal the ${tierTitle} monthly price applies.`,
      ],
      billingUrl,
    ),
  downgradeScheduled: ({ siteName, to, billingUrl }: Ctx, tierTitle: string, on: Date) =>
    billingEmail(
      siteName,
      to,
      "billing-downgrade-scheduled",
      `Your membership changes to ${tierTitle} on ${formatDate(on)}`,
      [
        `You keep your current tier until ${formatDate(on)}; from then your membership is ${tierTitle} at its monthly price. You can undo this on your billing page until then.`,
      ],
      billingUrl,
    ),
  cancelScheduled: ({ siteName, to, billingUrl }: Ctx, on: Date) =>
    billingEmail(
      siteName,
      to,
      "billing-cancel-scheduled",
      `Your membership ends on ${formatDate(on)}`,
      [
        `Your membership was cancelled and ends on ${formatDate(on)}; you will not be charged again. You keep full access until then and can undo the cancellation on your billing page.`,
      ],
      billingUrl,
    ),
  resumed: ({ siteName, to, billingUrl }: Ctx, what: string) =>
    billingEmail(
      siteName,
      to,
      "billing-change-undone",
      "Your membership continues",
      [`${what} Nothing else changes.`],
      billingUrl,
    ),
  cardUpdated: ({ siteName, to, billingUrl }: Ctx, card: string) =>
    billingEmail(
      siteName,
      to,
      "billing-card-updated",
      "Your card on file was updated",
      [`Future membership payments will be charged to ${card}.`],
      billingUrl,
    ),
  paymentFailed: ({ siteName, to, billingUrl }: Ctx, amount: number, accessEndsAt: Date) =>
    billingEmail(
      siteName,
      to,
      "billing-payment-failed",
      "Your membership payment failed",
      [
        `We could not charge ${formatCents(amount)} for your membership. We will try again over the coming days; to fix it now, update your card on your billing page.`,
        `If the payment is still outstanding on ${formatDate(accessEndsAt)}, your access to the members' area pauses until it is paid.`,
      ],
      billingUrl,
    ),
  paymentRecovered: ({ siteName, to, billingUrl }: Ctx, amount: number) =>
    billingEmail(
      siteName,
      to,
      "billing-payment-recovered",
      "Your membership payment went through",
      [`Thank you: we received ${formatCents(amount)} and your membership is in good standing.`],
      billingUrl,
    ),
  ended: ({ siteName, to, billingUrl }: Ctx) =>
    billingEmail(
      siteName,
      to,
      "billing-membership-ended",
      "Your membership has ended",
      [
        "Your membership has ended and you will not be charged again. You are always welcome back: apply again at any time.",
      ],
      billingUrl,
    ),
  manualRenewalReminder: ({ siteName, to, billingUrl }: Ctx, amount: number, due: Date) =>
    billingEmail(
      siteName,
      to,
      "billing-manual-renewal-reminder",
      `Your membership renews on ${formatDate(due)}`,
      [
        `You pay your membership by bank transfer: please transfer ${formatCents(amount)} before ${formatDate(due)}, quoting your name. Reply to this email if you would rather pay by card.`,
      ],
      billingUrl,
    ),
  trialEnding: ({ siteName, to, billingUrl }: Ctx, tierTitle: string, amount: number, on: Date) =>
    billingEmail(
      siteName,
      to,
      "billing-trial-ending",
      `Your free trial ends on ${formatDate(on)}`,
      [
        `To stay a ${tierTitle} member after your trial, add a card on your billing page. It is first charged ${formatCents(amount)} on ${formatDate(on)}, then monthly.`,
      ],
      billingUrl,
    ),
};
