export const CHAT_ROLES = ["user", "assistant"] as const;

/**
 * The kinds of content the assistant answers from: one passage provider each
 * (src/server/assistant/providers), and the kinds a save tells it about (src/server/jobs/content-saved.ts).
 */
export const CONTENT_KINDS = ["faq", "tier", "page", "section", "event", "blog", "forum", "library"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
