// GET /api/auth/me - the signed-in user, or 401 when signed out.
import { apiRoute } from "@/server/http/api-route";
import { MEMBER } from "@/lib/auth/access";
import { toCurrentUser } from "@/server/auth/sessions";

export const GET = apiRoute({ access: MEMBER }, async ({ user }) => toCurrentUser(user));
