// GET /api/auth/sessions - her active sessions (device, address, last seen), the current one marked.
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { readSessionId } from "@/server/auth/session-cookie";
import { listActiveSessions } from "@/server/auth/sessions";

export const GET = apiRoute({ access: MEMBER }, async ({ request, user }) => listActiveSessions(user.id, await readSessionId(request.headers)));
