// Direct messages, shared by the server and the browser.

/** Who may start a conversation with her. */
export const MESSAGE_PERMISSIONS = ["everyone", "mentors", "nobody"] as const;
export type MessagePermission = (typeof MESSAGE_PERMISSIONS)[number];

export const MESSAGE_PERMISSION_LABELS: Record<MessagePermission, string> = {
  everyone: "Any member",
  mentors: "Mentors only",
  nobody: "Nobody (messages off)",
};

export const MESSAGE_MAX_LENGTH = 4000;
/** New conversations a member may start in a day (replies in existing ones are not counted). */
export const NEW_CONVERSATIONS_PER_DAY = 10;
/**
 * Messages a member may send in a minute, in all her conversations together. Two people writing to
 * each other, however quickly, send one short message every few seconds at most (about 10 in a lively
 * minute); 30 leaves that three times over, and stops a script or a stuck key that floods a member's
 * inbox and notifications with dozens a second.
 */
export const MESSAGES_PER_MINUTE = 30;
export const MESSAGE_PAGE_SIZE = 30;
export const CONVERSATION_PAGE_SIZE = 30;
/**
 * How long a conversation stays open for her after her screen last said so; the open page renews it
 * every CONVERSATION_OPEN_RENEW_MS and closes it when she leaves, so a closed laptop ends it soon.
 */
export const CONVERSATION_OPEN_SECONDS = 60;
export const CONVERSATION_OPEN_RENEW_MS = 20_000;
/** Members the New message search offers at once. */
export const RECIPIENT_SUGGESTIONS = 8;

export const MESSAGES_OFF_MESSAGE = "This member does not accept messages.";
export const MENTORS_ONLY_MESSAGE = "This member accepts messages from mentors only.";
export const MESSAGE_BLOCKED_MESSAGE = "You cannot message this member.";
