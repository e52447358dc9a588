/** pending until 30 days after the payment cleared, then eligible; paid in a payout run; cancelled by a refund first. */
export const COMMISSION_STATUSES = ["pending", "eligible", "paid", "cancelled"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
