// POST /api/forum/posts - reply to a topic (not locked, not archived, no block between the two members).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { createReply, readableTopic } from "@/server/forum";
import { newReplySchema } from "@/features/forum/schemas";

// The topic is named in the body: it is found open to her before the rest is validated (decision 022).
export const POST = apiRoute(
  {
    access: SIGNED_IN,
    target: newReplySchema.pick({ topicId: true }),
    authorize: async ({ user, target }) => void (await readableTopic(target.topicId, user)),
    body: newReplySchema,
  },
  async ({ user, body }) => created(await createReply(body, user)),
);
