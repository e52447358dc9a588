// GET /api/chatbot/history - the signed-in member's past conversation with the assistant.
// DELETE /api/chatbot/history - delete it.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { deleteChatHistory, listChatHistory } from "@/server/assistant/history";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ user }) => ({ messages: await listChatHistory(user.id) }));

export const DELETE = apiRoute({ access: SIGNED_IN }, async ({ user }) => ({
  deleted: await deleteChatHistory(user.id),
}));
