import "server-only";
import type { OutgoingEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { PAYMENT_LINK_TTL_DAYS } from "@/features/money/constants";
import { tierName } from "@/lib/format";

interface Payer {
  firstName: string;
  email: string;
  membershipTier: string;
}

/** What a payment link says, wherever it is sent: what is paid, when it is charged, how long the link works. */
export const paymentParagraph = (days: number) =>
  `To complete your application, pay your first month with the link below. Your card is only authorized now: it is charged if you are accepted, and the hold is released if you are not. The link works for ${days} days.`;
export const payAction = (url: string) => ({ label: "Complete your payment", url });

/** A fresh payment link, sent by an admin (the first expired, or was lost). */
export function paymentLinkEmail(siteName: string, app: Payer, paymentUrl: string): OutgoingEmail {
  return {
    to: app.email,
    kind: "application-payment-link",
    subject: `Complete your payment for ${siteName}`,
    ...renderEmail({
      siteName,
      heading: "Complete your payment",
      paragraphs: [
        `Hi ${app.firstName},`,
        `Here is a new link to pay for your ${tierName(app.membershipTier)} membership application.`,
        paymentParagraph(PAYMENT_LINK_TTL_DAYS),
        "Any earlier link we sent you keeps working until it expires.",
      ],
      action: payAction(paymentUrl),
    }),
  };
}
