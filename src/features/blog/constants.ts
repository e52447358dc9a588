export const BLOG_STATUSES = ["draft", "published"] as const;
