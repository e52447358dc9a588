// POST /api/chatbot/message - answer a chat message from the site's own content, with its sources.
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { clientIp } from "@/lib/http/request-info";
import { answerChat, checkChatRateLimit, collectAnswer } from "@/server/assistant";
import { chatRequestSchema } from "@/features/assistant/schemas";

export const POST = apiRoute({ access: PUBLIC, body: chatRequestSchema }, async ({ request, user, body }) => {
  await checkChatRateLimit(user, clientIp(request.headers));
  return collectAnswer(answerChat(body, user));
});
