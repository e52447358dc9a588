export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
