// GET /api/admin/members/export - the members a search matches, as CSV.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/lib/http/api-route";
import { csvResponse } from "@/server/csv";
import { memberPages } from "@/server/admin-members";
import { memberSearchSchema } from "@/server/admin-members/schemas";

export const GET = apiRoute({ access: ADMIN, query: memberSearchSchema }, async ({ query }) => {
  return csvResponse(
    "members",
    ["id", "username", "email", "first_name", "last_name", "tier", "status", "admin", "permissions", "joined_at"],
    memberPages(query),
    (m) => [m.id, m.username, m.email, m.firstName, m.lastName, m.membershipLevel ?? "", m.status, m.isAdmin ? "yes" : "no", Object.keys(m.permissions).filter((p) => m.permissions[p]).join(" "), m.createdAt.toISOString()],
  );
});
