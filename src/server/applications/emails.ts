import "server-only";
import type { OutgoingEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { PAYMENT_LINK_TTL_DAYS } from "@/features/money/constants";
import { payAction, paymentParagraph } from "@/server/money";
import { tierName } from "@/lib/format";

interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  membershipTier: string;
  isTrial: boolean;
}

/** The applicant's receipt; for a card application, with the link to her payment (the only way to it). */
export function applicationReceiptEmail(siteName: string, app: Applicant, paymentUrl: string | null): OutgoingEmail {
  return {
    to: app.email,
    kind: "application-received",
    subject: `We received your application to ${siteName}`,
    ...renderEmail({
      siteName,
      heading: "Thank you for applying",
      paragraphs: [
        `Hi ${app.firstName},`,
        `We have received your application for the ${tierName(app.membershipTier)} membership${app.isTrial ? " free trial" : ""}.`,
        ...(paymentUrl ? [paymentParagraph(PAYMENT_LINK_TTL_DAYS)] : []),
        "Our team reviews every application personally and will let you know our decision within 5 business days. If you are accepted, we will email you an invitation to complete your membership.",
      ],
      ...(paymentUrl ? { action: payAction(paymentUrl) } : {}),
    }),
  };
}

/**
 * Someone applied with her address while her application is under review. The form answered them
 * as it answers every applicant, so whether an address has applied is never shown on the
 * site; the address's owner learns it here, with a fresh payment link if she has not paid.
 */
export function alreadyUnderReviewEmail(
  siteName: string,
  app: Applicant,
  paymentUrl: string | null,
  contactEmail: string,
): OutgoingEmail {
  return {
    to: app.email,
    kind: "application-already-under-review",
    subject: `Your application to ${siteName} is already under review`,
    ...renderEmail({
      siteName,
      heading: "Your application is already under review",
      paragraphs: [
        `Hi ${app.firstName},`,
        `We received another application from this address while your application for the ${tierName(app.membershipTier)} membership is under review, so we kept your first one and did not store the new one.`,
        ...(paymentUrl ? [paymentParagraph(PAYMENT_LINK_TTL_DAYS)] : []),
        `We will let you know our decision within 5 business days. To change anything in your application, write to us at ${contactEmail}. If you did not apply again, you can ignore this email.`,
      ],
      ...(paymentUrl ? { action: payAction(paymentUrl) } : {}),
    }),
  };
}

export function newApplicationAdminEmail(
  siteName: string,
  to: string,
  app: Applicant & { id: number },
  baseUrl: string,
): OutgoingEmail {
  return {
    to,
    kind: "application-admin-notice",
    subject: `New membership application: ${app.firstName} ${app.lastName}`,
    ...renderEmail({
      siteName,
      heading: "A new application is waiting for review",
      paragraphs: [
        `${app.firstName} ${app.lastName} (${app.email}) applied for the ${tierName(app.membershipTier)} tier${app.isTrial ? " as a free trial" : ""}.`,
      ],
      action: { label: "Review the application", url: `${baseUrl}/admin/applications/${app.id}` },
    }),
  };
}

export function invitationEmail(siteName: string, app: Applicant, url: string, days: number): OutgoingEmail {
  return {
    to: app.email,
    kind: "membership-invitation",
    subject: `Welcome to ${siteName}: complete your membership`,
    ...renderEmail({
      siteName,
      heading: "Your application was accepted",
      paragraphs: [
        `Hi ${app.firstName},`,
        `We are delighted to welcome you to ${siteName} as a ${tierName(app.membershipTier)} member.`,
        `Choose your username and password with the link below to create your member account. The link works once and expires in ${days} days.`,
      ],
      action: { label: "Create your member account", url },
    }),
  };
}

/** `contact` ends a sentence: writeToUs(settings, baseUrl). */
export function rejectionEmail(
  siteName: string,
  app: Applicant,
  releasedPayment: "released" | "refunded" | null,
  contact: string,
): OutgoingEmail {
  const money =
    releasedPayment === "released"
      ? "The hold on your card has been released: you have not been charged."
      : releasedPayment === "refunded"
        ? "We have refunded your payment in full; it can take 5 to 10 business days to reach your account."
        : null;
  return {
    to: app.email,
    kind: "application-declined",
    subject: `Your application to ${siteName}`,
    ...renderEmail({
      siteName,
      heading: "About your application",
      paragraphs: [
        `Hi ${app.firstName},`,
        `Thank you for applying to ${siteName} and for the time you took to tell us about yourself.`,
        "After careful review we are not able to offer you a membership at this time. We receive more applications than we can welcome, and this is not a judgement of you or your work.",
        ...(money ? [money] : []),
        `You are always welcome at our public events. If you have any questions, ${contact}.`,
      ],
    }),
  };
}

export function invitationWithdrawnEmail(siteName: string, app: Applicant, contact: string): OutgoingEmail {
  return {
    to: app.email,
    kind: "membership-invitation-withdrawn",
    subject: `Your invitation to ${siteName} is on hold`,
    ...renderEmail({
      siteName,
      heading: "Your invitation is on hold",
      paragraphs: [
        `Hi ${app.firstName},`,
        `The payment for your ${tierName(app.membershipTier)} membership did not go through, so the invitation link we sent you no longer works.`,
        `Please ${contact} to settle the payment. We will send you a new invitation as soon as it is received.`,
      ],
    }),
  };
}
