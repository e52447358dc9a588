// POST /api/auth/reset-password - set a new password with a reset link's token; ends every session.
import { apiRoute } from "@/server/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { resetPassword } from "@/server/auth/password-reset";
import { resetPasswordSchema } from "@/features/auth/schemas";

export const POST = apiRoute({ access: PUBLIC, body: resetPasswordSchema }, async ({ body }) => {
  await resetPassword(body.token, body.password);
  return { message: "Your password has been changed. You can sign in with it now." };
});
