import "server-only";
import type { OutgoingEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";

interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  membershipTier: string;
  isTrial: boolean;
}

export function applicationReceiptEmail(siteName: string, app: Applicant): OutgoingEmail {
  return {
    to: app.email,
    kind: "application-received",
    subject: `We received your application to ${siteName}`,
    ...renderEmail({
      siteName,
      heading: "Thank you for applying",
      paragraphs: [
        `Hi ${app.firstName},`,
        `We have received your application for the ${app.membershipTier} membership${app.isTrial ? " free trial" : ""}.`,
        "Our team reviews every application personally and will let you know our decision within 5 business days. If you are accepted, we will email you an invitation to complete your membership.",
      ],
    }),
  };
}

export function newApplicationAdminEmail(siteName: string, to: string, app: Applicant & { id: number }, baseUrl: string): OutgoingEmail {
  return {
    to,
    kind: "application-admin-notice",
    subject: `New membership application: ${app.firstName} ${app.lastName}`,
    ...renderEmail({
      siteName,
      heading: "A new application is waiting for review",
      paragraphs: [`${app.firstName} ${app.lastName} (${app.email}) applied for the ${app.membershipTier} tier${app.isTrial ? " as a free trial" : ""}.`],
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
        `We are delighted to welcome you to ${siteName} as a ${app.membershipTier} member.`,
        `Choose your username and password with the link below to create your member account. The link works once and expires in ${days} days.`,
      ],
      action: { label: "Create your member account", url },
    }),
  };
}

/** `contact` ends a sentence: writeToUs(settings, baseUrl). */
export function rejectionEmail(siteName: string, app: Applicant, releasedPayment: "released" | "refunded" | null, contact: string): OutgoingEmail {
  const money =
    releasedPayment === "released"
      ? "The hold on your card has been released: you have not been charged."
      : releasedPayment === "refunded"
        ? "Your payment has been refunded in full; it can take 5 to 10 business days to reach your account."
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
        `The payment for your ${app.membershipTier} membership did not go through, so the invitation link we sent you no longer works.`,
        `Please ${contact} to settle the payment. We will send you a new invitation as soon as it is received.`,
      ],
    }),
  };
}
