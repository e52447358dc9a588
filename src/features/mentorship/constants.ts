export const MENTORSHIP_STATUSES = ["pending", "accepted", "declined"] as const;
