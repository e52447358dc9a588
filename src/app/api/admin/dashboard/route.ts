// GET /api/admin/dashboard - the admin dashboard's figures for a period (30d, 90d, 12m).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { getDashboard } from "@/server/dashboard";
import { dashboardQuerySchema } from "@/features/dashboard/periods";

export const GET = apiRoute({ access: ADMIN, query: dashboardQuerySchema }, async ({ query, user }) =>
  getDashboard(user, query.period),
);
