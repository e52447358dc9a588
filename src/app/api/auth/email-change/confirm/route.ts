// POST /api/auth/email-change/confirm - the link sent to the new address, opened there, changes it.
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { confirmEmailChangeSchema } from "@/features/auth/schemas";
import { confirmEmailChange } from "@/server/auth/account-changes";

export const POST = apiRoute({ access: PUBLIC, body: confirmEmailChangeSchema }, async ({ body }) =>
  confirmEmailChange(body.token),
);
