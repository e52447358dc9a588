export const CONTENT_TYPES = ["article", "video", "pdf", "external"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
/** scheduled: published by the library.publish job at publishedAt. */
export const CONTENT_STATUSES = ["draft", "published", "scheduled", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
