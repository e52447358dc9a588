// POST /api/forum/reactions - toggle one of her reactions (like, heart, smile) on a reply.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { readablePost, toggleReaction } from "@/server/forum";
import { reactionSchema } from "@/features/forum/schemas";

// The post is named in the body: it is found open to her before the rest is validated (decision 022).
export const POST = apiRoute(
  {
    access: SIGNED_IN,
    target: reactionSchema.pick({ postId: true }),
    authorize: async ({ user, target }) => void (await readablePost(target.postId, user)),
    body: reactionSchema,
  },
  async ({ user, body }) => toggleReaction(body, user),
);
