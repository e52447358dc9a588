import { z } from "@/lib/validation";
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from "./constants";
import { TIER_IDS } from "@/features/membership/constants";
import { id, isoDateTime } from "@/features/api/json";

/**
 * One of her payments as she sees it: what moved, when, and its receipt; never the
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

/** The fields of a transaction her view is made of: a row on the server, an administrator's answer in the browser. */
export interface PaymentFields {
  id: number;
  kind: string;
  amount: number;
  currency: string;
  status: string;
  paymentMethod: string;
  membershipTier: string | null;
  receiptUrl: string | null;
  createdAt: Date | string;
  completedAt: Date | string | null;
}

const isoOf = (date: Date | string) => (typeof date === "string" ? date : date.toISOString());

/**
 * One of her payments as she sees it: never the staff's notes, who recorded it, the
 * demo flag or Stripe's ids. Administrators read the whole row through their own calls.
 */
export function toMemberPayment(row: PaymentFields): MemberPayment {
  return {
    id: row.id,
    date: isoOf(row.completedAt ?? row.createdAt),
    kind: row.kind as MemberPayment["kind"],
    amount: row.amount,
    currency: row.currency,
    status: row.status as MemberPayment["status"],
    method: row.paymentMethod as MemberPayment["method"],
    tier: row.membershipTier,
    receiptUrl: row.receiptUrl,
  };
}

/** POST /api/create-payment-intent: what she is about to authorize, and the secret Stripe.js confirms it with. */
export const applicationPaymentIntentSchema = z.strictObject({
  clientSecret: z.string(),
  amount: z.number().int().positive(),
  currency: z.string(),
  tier: z.enum(TIER_IDS),
  tierTitle: z.string(),
});
