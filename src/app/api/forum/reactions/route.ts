// POST /api/forum/reactions - toggle one of her reactions (like, heart, smile) on a reply.
import { z } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { toggleReaction } from "@/server/forum";

// The body is validated by toggleReaction once the post is known to be open to her.
export const POST = apiRoute({ access: SIGNED_IN, body: z.unknown() }, async ({ user, body }) =>
  toggleReaction(body, user),
);
