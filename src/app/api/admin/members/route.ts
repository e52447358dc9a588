// GET /api/admin/members - members by search (name, username, email), tier and status, newest first, keyset-paginated.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listMembers } from "@/server/admin-members";
import { memberSearchSchema } from "@/features/admin-members/schemas";

export const GET = apiRoute({ access: ADMIN, query: memberSearchSchema }, async ({ query, user }) =>
  listMembers(user, query),
);
