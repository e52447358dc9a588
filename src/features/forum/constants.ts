export const REACTION_TYPES = ["like", "heart", "smile"] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const FORUM_POST_STATUSES = ["visible", "hidden", "removed"] as const;
