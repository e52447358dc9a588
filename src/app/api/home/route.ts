// GET /api/home?since= - the members' home: what happened since her last visit and what is coming.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { membersHomeQuerySchema } from "@/features/home/schemas";
import { membersHome } from "@/server/home";

export const GET = apiRoute({ access: SIGNED_IN, query: membersHomeQuerySchema }, async ({ user, query }) =>
  membersHome(user, query.since),
);
