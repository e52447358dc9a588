// POST /api/messages/{conversationId}/close - she left the conversation: new messages count as unread again.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { conversationParamsSchema } from "@/features/messages/schemas";
import { closeConversation } from "@/server/messages";

export const POST = apiRoute({ access: SIGNED_IN, params: conversationParamsSchema }, async ({ user, params }) =>
  closeConversation(user.id, params.conversationId),
);
