// GET /api/search - the site search: what the caller may open that matches ?q=, by kind (?kind=&after=&limit=).
import { apiRoute } from "@/server/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { searchSite } from "@/server/search";
import { searchQuerySchema } from "@/features/search/schemas";

export const GET = apiRoute({ access: PUBLIC, query: searchQuerySchema }, async ({ user, query }) =>
  searchSite(user, query),
);
