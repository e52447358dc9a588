import { z } from "@/lib/validation";
import { CHAT_ROLES } from "./constants";

/** The chat sends the last 10 messages. */
export const CHAT_HISTORY_LIMIT = 10;
export const CHAT_MESSAGE_MAX = 2000;
/** Earlier answers come back in the history and may be longer than a question. */
const HISTORY_MESSAGE_MAX = 6000;

export const chatMessageTextSchema = z
  .string()
  .trim()
  .min(1, "Please enter a message")
  .max(CHAT_MESSAGE_MAX, `Messages can be at most ${CHAT_MESSAGE_MAX.toLocaleString("en-US")} characters`);

/** POST /api/chatbot/message: the message and the chat's last 10 messages. */
export const chatRequestSchema = z.object({
  message: chatMessageTextSchema,
  chatHistory: z
    .array(z.object({ type: z.enum(CHAT_ROLES), message: z.string().max(HISTORY_MESSAGE_MAX) }))
    .max(CHAT_HISTORY_LIMIT, `Send at most the last ${CHAT_HISTORY_LIMIT} messages`)
    .default([]),
});
export type ChatRequest = z.output<typeof chatRequestSchema>;

export interface ChatSource {
  title: string;
  url: string;
}

/** The answer of POST /api/chatbot/message. */
export interface ChatAnswer {
  response: string;
  sources: ChatSource[];
}

/**
 * Lines of the streaming answer (application/x-ndjson): the sources first, then the text as it is
 * written; `replace` swaps what was shown for the answer without a model when the model fails
 * midway; `error` ends a stream that could not be answered.
 */
export type ChatStreamEvent =
  | { type: "sources"; sources: ChatSource[] }
  | { type: "text"; text: string }
  | { type: "replace"; text: string }
  | { type: "done" }
  | { type: "error"; message: string };

/** A stored message of a member's conversation (GET /api/chatbot/history). */
export interface StoredChatMessage {
  id: number;
  type: (typeof CHAT_ROLES)[number];
  message: string;
  sources: ChatSource[];
  timestamp: string;
}
