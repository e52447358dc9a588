// GET /api/forum/topics/{id}/posts - a page of the topic's replies, oldest first.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listReplies, readableTopic } from "@/server/forum";
import { idParamsSchema, replyListQuerySchema } from "@/features/forum/schemas";

export const GET = apiRoute(
  { access: SIGNED_IN, params: idParamsSchema, query: replyListQuerySchema, authorize: async ({ user, params }) => void (await readableTopic(params.id, user)) },
  async ({ user, params, query }) => listReplies(params.id, user, query),
);
