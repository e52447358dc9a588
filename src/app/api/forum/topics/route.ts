// GET /api/forum/topics - a page of topics (optionally of one category); POST creates a topic.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { createTopic, listTopics, postableCategory } from "@/server/forum";
import { newTopicSchema, topicListQuerySchema } from "@/features/forum/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: topicListQuerySchema }, async ({ user, query }) =>
  listTopics(user, query),
);

// The category is named in the body: it is found open to her before the rest is validated (decision 022).
export const POST = apiRoute(
  {
    access: SIGNED_IN,
    target: newTopicSchema.pick({ categoryId: true }),
    authorize: ({ user, target }) => postableCategory(target.categoryId, user),
    body: newTopicSchema,
  },
  async ({ user, body }) => created(await createTopic(body, user)),
);
