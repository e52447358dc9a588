// POST /api/chatbot/message/stream - the same answer as it is written (application/x-ndjson), for /chat.
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { clientIp } from "@/lib/http/request-info";
import { answerChat, checkChatRateLimit, streamAnswerResponse } from "@/server/assistant";
import { chatRequestSchema } from "@/features/assistant/schemas";

export const POST = apiRoute({ access: PUBLIC, body: chatRequestSchema }, async ({ request, user, body }) => {
  await checkChatRateLimit(user, clientIp(request.headers));
  return streamAnswerResponse(answerChat(body, user));
});
