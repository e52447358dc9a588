// GET /api/admin/audit - admin actions filtered by actor, action, entity and date range, newest first, keyset-paginated.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listAudit } from "@/server/audit";
import { auditSearchSchema } from "@/features/audit/schemas";

export const GET = apiRoute({ access: ADMIN, query: auditSearchSchema }, async ({ query, user }) =>
  listAudit(user, query),
);
