// GET /api/admin/newsletter/export - every newsletter subscriber as CSV (admins only).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { SUBSCRIBERS_CSV, subscriberPages } from "@/server/newsletter";
import { csvResponse } from "@/server/csv";

export const GET = apiRoute({ access: ADMIN }, async ({ user }) => csvResponse(SUBSCRIBERS_CSV, subscriberPages(user)));
