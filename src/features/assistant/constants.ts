export const CHAT_ROLES = ["user", "assistant"] as const;
