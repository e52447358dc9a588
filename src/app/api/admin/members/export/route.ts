// GET /api/admin/members/export - the members a search matches, as CSV.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { csvResponse } from "@/server/csv";
import { MEMBERS_CSV, memberPages } from "@/server/admin-members";
import { memberSearchSchema } from "@/features/admin-members/schemas";

export const GET = apiRoute({ access: ADMIN, query: memberSearchSchema }, async ({ query, user }) =>
  csvResponse(MEMBERS_CSV, memberPages(user, query)),
);
