import { z, bigIdSchema, cursorPart, cursorSchema, idSchema } from "@/lib/validation";
import { MESSAGE_MAX_LENGTH, MESSAGE_PERMISSIONS } from "./constants";
import { reportSchema } from "@/features/reports/schemas";

// Shared by the route handlers and the screens; no server-only imports here.

export const messageBodySchema = z
  .string("Please write a message")
  .trim()
  .min(1, "Please write a message")
  .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`);

export const sendMessageSchema = z.object({ toUserId: idSchema, body: messageBodySchema });
export type SendMessageInput = z.output<typeof sendMessageSchema>;
/** The composer's own field (the recipient is known to the screen). */
export const composerSchema = z.object({ body: messageBodySchema });

export const conversationParamsSchema = z.object({ conversationId: bigIdSchema });
/** The page after the conversation of this last activity and id. */
export const conversationListQuerySchema = z.object({
  after: cursorSchema(cursorPart.time, cursorPart.bigId).optional(),
});
export const messageListQuerySchema = z.object({ before: bigIdSchema.optional() });

export const reportMessageSchema = reportSchema.extend({ messageId: bigIdSchema });

/** GET /api/messages/recipients: part of a member's name, two letters at least. */
export const recipientSearchSchema = z.object({
  q: z.string().trim().min(2, "Type at least two letters of her name").max(100),
});

export const messageSettingsSchema = z.object({ allowFrom: z.enum(MESSAGE_PERMISSIONS) });

export const reportDecisionSchema = z.object({ decision: z.enum(["dismiss", "remove"]) });
