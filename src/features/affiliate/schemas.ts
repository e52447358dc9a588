import { z, emailField, idSchema } from "@/lib/validation";

/** */
export const AFFILIATE_TERMS = {
  defaultRate: "15%",
  eligibleAfterDays: 30,
  payoutDayOfMonth: 15,
} as const;

/** The programme's terms as the Affiliate tab and the registration page show them. */
export const AFFILIATE_TERMS_TEXT = [
  `You earn a ${AFFILIATE_TERMS.defaultRate} commission on the first payment of each member you refer.`,
  `Commissions are processed ${AFFILIATE_TERMS.eligibleAfterDays} days after the payment clears and paid on the ${AFFILIATE_TERMS.payoutDayOfMonth}th of each month.`,
  "A payment refunded before its commission is paid cancels the commission.",
  "Self-referrals are not eligible.",
] as const;

export const REGISTRATION_TTL_HOURS = 48;

/** The registration link goes to her account's address only. */
export const REGISTRATION_ADDRESS_MESSAGE = "The registration link is sent to your account's email address.";

/** POST /api/partners/send-registration-email: the email is required and is hers; userId is the caller's. */
export const registrationEmailSchema = z.object({
  email: z.string("Email is required").trim().min(1, "Email is required").pipe(emailField()),
  userId: idSchema.optional(),
});

export const acceptRegistrationSchema = z.object({ token: z.string().trim().min(20).max(200) });

/** A partner code as it may appear in /apply?ref= (the same pattern the Apply page accepts). */
export const PARTNER_CODE = /^[A-Za-z0-9_-]{1,40}$/;
export const linkVisitSchema = z.object({ code: z.string().trim().regex(PARTNER_CODE) });
