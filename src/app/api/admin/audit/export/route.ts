// GET /api/admin/audit/export - the audit entries the filters match, as CSV.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/lib/http/api-route";
import { csvResponse } from "@/server/csv";
import { auditPages } from "@/server/audit";
import { auditSearchSchema } from "@/server/audit/schemas";

export const GET = apiRoute({ access: ADMIN, query: auditSearchSchema }, async ({ query }) => {
  return csvResponse(
    "audit-log",
    ["id", "at", "actor_id", "actor_username", "action", "entity_type", "entity_id", "details", "ip"],
    auditPages({ ...query, before: undefined }),
    (e) => [e.id, e.createdAt.toISOString(), e.actorId, e.actorUsername, e.action, e.entityType, e.entityId, JSON.stringify(e.details), e.ip],
  );
});
