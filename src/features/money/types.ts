import { z } from "zod";
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, TIER_IDS } from "@/db/schema/enums";
import { id, isoDateTime } from "@/features/api/json";

/**
 * One of her payments as she sees it (issue 25 item 2): what moved, when, and its receipt; never the
 * staff's notes, who recorded it, or Stripe's ids. Administrators see the whole transaction on their
 * own calls (/api/payment-transactions).
 */
export const memberPaymentSchema = z.strictObject({
  /** Also her receipt number (the receipt email gives it). */
  id,
  /** When the money moved (a card held at application is taken on approval), or when it was asked for. */
  date: isoDateTime,
  kind: z.enum(PAYMENT_KINDS),
  /** Cents; a refund's is positive too (`kind` tells the direction). */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  tier: z.string().nullable(),
  /** Stripe's hosted receipt of a renewal or upgrade invoice. */
  receiptUrl: z.string().nullable(),
});
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

/** POST /api/create-payment-intent: what she is about to authorize, and the secret Stripe.js confirms it with. */
export const applicationPaymentIntentSchema = z.strictObject({
  clientSecret: z.string(),
  amount: z.number().int().positive(),
  currency: z.string(),
  tier: z.enum(TIER_IDS),
  tierTitle: z.string(),
});
