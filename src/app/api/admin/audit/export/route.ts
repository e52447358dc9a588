// GET /api/admin/audit/export - the audit entries the filters match, as CSV.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { csvResponse } from "@/server/csv";
import { AUDIT_CSV, auditPages } from "@/server/audit";
import { auditSearchSchema } from "@/features/audit/schemas";

export const GET = apiRoute({ access: ADMIN, query: auditSearchSchema }, async ({ query, user }) =>
  csvResponse(AUDIT_CSV, auditPages(user, query)),
);
