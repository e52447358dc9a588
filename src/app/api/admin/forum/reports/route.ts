// GET /api/admin/forum/reports - the moderation queue: hidden and reported replies.
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { listModerationQueue } from "@/server/forum";

export const GET = apiRoute({ access: ADMIN }, async ({ user }) => listModerationQueue(user));
