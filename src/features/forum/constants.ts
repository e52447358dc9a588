export const REACTION_TYPES = ["like", "heart", "smile"] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const FORUM_POST_STATUSES = ["visible", "hidden", "removed"] as const;

/**
 * Marks around the matching words in the search's `ts_headline` output. The page splits them into
 * <mark> elements, so no HTML from the database is ever rendered.
 */
export const HIGHLIGHT_START = "\u27e6";
export const HIGHLIGHT_END = "\u27e7";

export const LOCKED_MESSAGE = "This topic is locked. No new replies can be added.";
export const ARCHIVED_MESSAGE = "This category is archived. No new posts can be added.";

export const FORUM_TITLE = "Community Forum";
export const FORUM_DESCRIPTION = "Conversations between events: introductions, work in progress, questions and plans.";
