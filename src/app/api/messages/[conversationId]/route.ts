// GET /api/messages/{conversationId} - a page of the conversation's messages (hers only; `before` for earlier ones).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { conversationParamsSchema, messageListQuerySchema } from "@/features/messages/schemas";
import { getConversation, ownConversation } from "@/server/messages";

export const GET = apiRoute(
  {
    access: SIGNED_IN,
    params: conversationParamsSchema,
    authorize: async ({ user, params }) => void (await ownConversation(user.id, params.conversationId)),
    query: messageListQuerySchema,
  },
  async ({ user, params, query }) => getConversation(user, params.conversationId, query.before),
);
