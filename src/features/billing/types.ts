import { z } from "@/lib/validation";
import { BILLING_METHODS, MEMBERSHIP_STATUSES } from "./constants";
import { TIER_IDS } from "@/features/membership/constants";
import { isoDate, isoDateTime } from "@/features/api/json";
import { memberPaymentSchema } from "@/features/money/types";

/** Her membership as our records mirror Stripe (GET /api/users/{id}/billing). */
export const membershipViewSchema = z.strictObject({
  tier: z.enum(TIER_IDS),
  tierTitle: z.string().nullable(),
  status: z.enum(MEMBERSHIP_STATUSES),
  billingMethod: z.enum(BILLING_METHODS),
  startedAt: isoDateTime,
  termEndsAt: isoDateTime,
  currentPeriodEnd: isoDateTime.nullable(),
  scheduledTier: z.enum(TIER_IDS).nullable(),
  scheduledTierTitle: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEndsAt: isoDateTime.nullable(),
  pastDueSince: isoDateTime.nullable(),
  accessEndsAt: isoDateTime.nullable(),
  accessEnded: z.boolean(),
  canCancel: z.boolean(),
  cancelableFrom: isoDateTime,
  nextCharge: z.strictObject({ date: isoDateTime, amount: z.number().int(), byCard: z.boolean() }).nullable(),
  /** "Visa ending in 4242", from Stripe. */
  card: z.string().nullable(),
});
export type MembershipView = z.infer<typeof membershipViewSchema>;

export const billingTierSchema = z.strictObject({
  id: z.enum(TIER_IDS),
  title: z.string(),
  amount: z.number().int(),
  durationMonths: z.number().int(),
});

const overviewFields = {
  configured: z.boolean(),
  memberSince: isoDate.nullable(),
  membershipLevel: z.string().nullable(),
  membership: membershipViewSchema.nullable(),
  tiers: z.array(billingTierSchema),
};

/** Her Billing tab: her payments as she sees them. */
export const memberBillingSchema = z.strictObject({ ...overviewFields, transactions: z.array(memberPaymentSchema) });
export type MemberBilling = z.infer<typeof memberBillingSchema>;

/** An administrator's view of a member's billing: each payment with what may still be refunded. */
export const adminInvoiceSchema = memberPaymentSchema.extend({
  refundable: z.boolean(),
  refundableAmount: z.number().int().nonnegative(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;
export const adminBillingSchema = z.strictObject({ ...overviewFields, transactions: z.array(adminInvoiceSchema) });
export type AdminBilling = z.infer<typeof adminBillingSchema>;

/** POST .../billing/preview: what upgrading charges now (Stripe's proration). */
export const upgradePreviewSchema = z.strictObject({
  tier: z.enum(TIER_IDS),
  tierTitle: z.string(),
  amountDue: z.number().int(),
  currency: z.string(),
  prorationDate: z.number().int(),
  periodEnd: isoDateTime,
  lines: z.array(z.strictObject({ description: z.string(), amount: z.number().int() })),
});
export type UpgradePreview = z.infer<typeof upgradePreviewSchema>;

/** POST .../billing/tier: an upgrade charged now, or a downgrade from the period's end. */
export const tierChangeSchema = z.union([
  z.strictObject({ tier: z.enum(TIER_IDS), charged: z.number().int(), effective: z.literal("now") }),
  z.strictObject({
    tier: z.enum(TIER_IDS),
    charged: z.literal(0),
    effective: z.literal("period_end"),
    on: isoDateTime.nullable(),
  }),
]);
export const cancellationSchema = z.strictObject({ endsOn: isoDateTime.nullable() });
export const cardSetupSchema = z.strictObject({ clientSecret: z.string() });
export const cardSavedSchema = z.strictObject({ card: z.string().nullable(), paymentError: z.string().nullable() });
