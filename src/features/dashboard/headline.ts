import type { MembershipStatus } from "@/features/billing/constants";

/**
 * Memberships that bring in their tier's price every month: active, and past due (still billed while
 * the card is retried, as Stripe counts it), paid by card or bank transfer.
 */
export const RECURRING_MEMBERSHIP_STATUSES = ["active", "past_due"] as const satisfies readonly MembershipStatus[];
