// GET /api/messages - her conversations (the other member, last message, unread count); POST writes to a member.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { conversationListQuerySchema, sendMessageSchema } from "@/features/messages/schemas";
import { listConversations, sendMessage } from "@/server/messages";

export const GET = apiRoute({ access: SIGNED_IN, query: conversationListQuerySchema }, async ({ user, query }) =>
  listConversations(user.id, query.after),
);

export const POST = apiRoute({ access: SIGNED_IN, body: sendMessageSchema }, async ({ user, body }) =>
  created(await sendMessage(user, body)),
);
