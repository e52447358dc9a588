import { z } from "@/lib/validation";
import { id, isoDateTime } from "@/features/api/json";

export const chatSourceSchema = z.strictObject({ title: z.string(), url: z.string() });

/** POST /api/chatbot/message. */
export const chatAnswerSchema = z.strictObject({ response: z.string(), sources: z.array(chatSourceSchema) });

/** A line of POST /api/chatbot/message/stream (application/x-ndjson). */
export const chatStreamEventSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("sources"), sources: z.array(chatSourceSchema) }),
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({ type: z.literal("replace"), text: z.string() }),
  z.strictObject({ type: z.literal("done") }),
  z.strictObject({ type: z.literal("error"), message: z.string() }),
]);

/** GET /api/chatbot/history: her own conversation. */
export const chatHistorySchema = z.strictObject({
  messages: z.array(
    z.strictObject({
      id,
      type: z.enum(["user", "assistant"]),
      message: z.string(),
      sources: z.array(chatSourceSchema),
      timestamp: isoDateTime,
    }),
  ),
});
export const chatHistoryDeletedSchema = z.strictObject({ deleted: z.number().int().nonnegative() });
