// POST /api/messages/{conversationId}/read - she has the conversation open and has read it up to its latest message.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { conversationParamsSchema } from "@/features/messages/schemas";
import { markConversationRead } from "@/server/messages";

export const POST = apiRoute({ access: SIGNED_IN, params: conversationParamsSchema }, async ({ user, params }) =>
  markConversationRead(user.id, params.conversationId),
);
