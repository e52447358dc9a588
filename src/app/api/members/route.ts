// GET /api/members - the member directory: search, Mentors filter and keyset pagination (?q=&mentors=1&after=).
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { listDirectory } from "@/server/profiles";
import { directoryQuerySchema } from "@/features/profiles/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: directoryQuerySchema }, async ({ query }) =>
  listDirectory(query),
);
