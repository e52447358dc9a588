// GET /api/auth/me - the signed-in user, or 401 when signed out.
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { toCurrentUser } from "@/server/auth/sessions";

export const GET = apiRoute({ access: SIGNED_IN }, async ({ user }) => toCurrentUser(user));
