// GET /api/admin/message-reports - open reports of direct messages: each reported message alone, its sender and reporter.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listMessageReports } from "@/server/messages";

export const GET = apiRoute({ access: ADMIN }, async ({ user }) => ({ reports: await listMessageReports(user) }));
