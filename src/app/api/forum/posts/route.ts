// POST /api/forum/posts - reply to a topic (not locked, not archived, no block between the two members).
import { z } from "@/lib/validation";
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { createReply } from "@/server/forum";

// The body is validated by createReply once the topic is known to be open to her (no 400 before that).
export const POST = apiRoute({ access: SIGNED_IN, body: z.unknown() }, async ({ user, body }) =>
  created(await createReply(body, user)),
);
