// GET /api/forum/topics - a page of topics (optionally of one category); POST creates a topic.
import { z } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { createTopic, listTopics } from "@/server/forum";
import { topicListQuerySchema } from "@/features/forum/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: topicListQuerySchema }, async ({ user, query }) =>
  listTopics(user, query),
);

// The body is validated by createTopic once the category is known to be open to her (no 400 before that).
export const POST = apiRoute({ access: SIGNED_IN, body: z.unknown() }, async ({ user, body }) =>
  created(await createTopic(body, user)),
);
