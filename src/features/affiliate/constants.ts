/** pending until 30 days after the payment cleared, then eligible; paid in a payout run; cancelled by a refund first. */
export const COMMISSION_STATUSES = ["pending", "eligible", "paid", "cancelled"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** The cookie that remembers the partner code of a ?ref= link until she applies. */
export const PARTNER_REF_COOKIE = "partner_ref";
/** A ?ref= link is remembered for 30 days. */
export const PARTNER_REF_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
