// GET /api/forum/topics/slug/{slug} - one topic, if the member's tier opens its category (404 otherwise).
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { getTopicBySlug } from "@/server/forum";
import { slugParamsSchema } from "@/features/forum/schemas";

export const GET = apiRoute({ access: SIGNED_IN, params: slugParamsSchema }, async ({ user, params }) =>
  getTopicBySlug(params.slug, user),
);
