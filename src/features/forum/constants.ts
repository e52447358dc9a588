export const REACTION_TYPES = ["like", "heart", "smile"] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const FORUM_POST_STATUSES = ["visible", "hidden", "removed"] as const;

/**
 * Marks around the matching words in `ts_headline`'s output. They are split into <mark> elements by
 * the page (HighlightedText), so no HTML from the database is ever rendered.
 */
export const HIGHLIGHT_START = "\u27e6";
export const HIGHLIGHT_END = "\u27e7";
