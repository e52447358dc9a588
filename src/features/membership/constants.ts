// Membership tiers: the ids every tier check and the tiers table use (names and prices live in the table).
export const TIER_IDS = ["connect", "create", "empower", "play"] as const;
export type TierId = (typeof TIER_IDS)[number];
