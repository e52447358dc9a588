// POST /api/auth/login - sign in with username (or email) and password; sets the session cookie.
import { apiRoute } from "@/server/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { logIn } from "@/server/auth/login";
import { loginSchema } from "@/features/auth/schemas";
import { loadSessionUserById, toCurrentUser } from "@/server/auth/sessions";

export const POST = apiRoute({ access: PUBLIC, body: loginSchema }, async ({ request, body }) => {
  const userId = await logIn(body, { ip: clientIp(request.headers), userAgent: request.headers.get("user-agent") });
  return toCurrentUser(await loadSessionUserById(userId));
});
