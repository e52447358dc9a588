import { z } from "@/lib/validation";
import { id, isoDateTime } from "@/features/api/json";
import { MESSAGE_PERMISSIONS } from "./constants";

export const memberSummarySchema = z.strictObject({ id, name: z.string(), profilePicture: z.string().nullable() });
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** One of her conversations as GET /api/messages lists it. */
export const conversationSummarySchema = z.strictObject({
  id,
  other: memberSummarySchema,
  lastMessage: z.strictObject({ body: z.string(), fromMe: z.boolean(), createdAt: isoDateTime }).nullable(),
  unreadCount: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.strictObject({
  conversations: z.array(conversationSummarySchema),
  next: z.string().nullable(),
});

export const messageViewSchema = z.strictObject({ id, body: z.string(), fromMe: z.boolean(), createdAt: isoDateTime });
export type MessageView = z.infer<typeof messageViewSchema>;

/** GET /api/messages/{conversationId}: newest page first in `messages` (oldest first within it). */
export const conversationPageSchema = z.strictObject({
  conversation: z.strictObject({
    id,
    other: memberSummarySchema,
    canReply: z.boolean(),
    cannotReplyReason: z.string().nullable(),
  }),
  messages: z.array(messageViewSchema),
  /** The cursor of the page of earlier messages, or null. */
  before: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** POST /api/messages: the conversation it went to and the message as she sees it. */
export const sentMessageSchema = z.strictObject({ conversationId: id, message: messageViewSchema });
/** GET /api/messages/recipients: members she may write to, by name. */
export const recipientListSchema = z.strictObject({ members: z.array(memberSummarySchema) });
export const conversationClosedSchema = z.strictObject({ ok: z.literal(true) });
export const unreadMessagesSchema = z.strictObject({ unreadCount: z.number().int().nonnegative() });
export const messageReportedSchema = z.strictObject({ id });

export const messageSettingsSchema = z.strictObject({ allowFrom: z.enum(MESSAGE_PERMISSIONS) });
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

/** What an administrator sees of a reported message: that message only, never the conversation. */
export interface ReportedMessage {
  reportId: number;
  reason: string;
  reportedAt: string;
  message: { id: number; body: string; sentAt: string };
  sender: MemberSummary;
  reporter: MemberSummary;
}
