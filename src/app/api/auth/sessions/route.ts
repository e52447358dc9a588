// GET /api/auth/sessions - her active sessions (device, address, last seen), the current one marked.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { readSessionId } from "@/server/auth/session-cookie";
import { listActiveSessions } from "@/server/auth/sessions";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ request, user }) =>
  listActiveSessions(user.id, await readSessionId(request.headers)),
);
