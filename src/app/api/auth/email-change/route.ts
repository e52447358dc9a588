// POST /api/auth/email-change - she asks for another email address; a link to it confirms the change.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { changeEmailSchema } from "@/features/auth/schemas";
import { requestEmailChange } from "@/server/auth/account-changes";

export const POST = apiRoute({ access: SIGNED_IN, body: changeEmailSchema }, async ({ user, body }) =>
  requestEmailChange(user, body),
);
