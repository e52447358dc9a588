/** A membership's billing state: past_due keeps access for 14 days, canceled has ended. */
export const MEMBERSHIP_STATUSES = ["trialing", "active", "past_due", "canceled"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
/** card = a Stripe subscription, manual = bank transfer with a renewal reminder, trial = no card yet. */
export const BILLING_METHODS = ["card", "manual", "trial"] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];
