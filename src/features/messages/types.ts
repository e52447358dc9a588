import type { MessagePermission } from "./constants";

export interface MemberSummary {
  id: number;
  name: string;
  profilePicture: string | null;
}

/** One of her conversations as GET /api/messages lists it. */
export interface ConversationSummary {
  id: number;
  other: MemberSummary;
  lastMessage: { body: string; fromMe: boolean; createdAt: string } | null;
  unreadCount: number;
}

export interface MessageView {
  id: number;
  body: string;
  fromMe: boolean;
  createdAt: string;
}

/** GET /api/messages/{conversationId}: newest page first in `messages` (oldest first within it). */
export interface ConversationPage {
  conversation: { id: number; other: MemberSummary; canReply: boolean; cannotReplyReason: string | null };
  messages: MessageView[];
  /** The cursor of the page of earlier messages, or null. */
  before: string | null;
}

export interface MessageSettings {
  allowFrom: MessagePermission;
}

/** What an administrator sees of a reported message: that message only, never the conversation. */
export interface ReportedMessage {
  reportId: number;
  reason: string;
  reportedAt: string;
  message: { id: number; body: string; sentAt: string };
  sender: MemberSummary;
  reporter: MemberSummary;
}
