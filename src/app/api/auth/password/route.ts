// POST /api/auth/password - she changes her password with her current one; her other sessions end.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { changePasswordSchema } from "@/features/auth/schemas";
import { changePassword } from "@/server/auth/account-changes";
import { currentSessionId } from "@/server/auth/current-user";

export const POST = apiRoute({ access: SIGNED_IN, body: changePasswordSchema }, async ({ user, body }) =>
  changePassword(user, await currentSessionId(), body),
);
