// GET /api/members - the member directory: search, Mentors filter and keyset pagination (?q=&mentors=1&after=).
import { apiRoute } from "@/server/http/api-route";
import { MEMBER } from "@/lib/auth/access";
import { listDirectory } from "@/server/profiles";
import { directoryQuerySchema } from "@/features/profiles/schemas";

export const GET = apiRoute({ access: MEMBER, query: directoryQuerySchema }, async ({ query }) => listDirectory(query));
