// GET /api/forum/search?q= - topics whose titles, opening posts or replies match, best first, highlighted.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { searchTopics } from "@/server/forum";
import { searchQuerySchema } from "@/features/forum/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: searchQuerySchema }, async ({ user, query }) =>
  searchTopics(query.q, user),
);
