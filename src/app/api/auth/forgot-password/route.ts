// POST /api/auth/forgot-password - email a single-use password reset link (same answer for any address).
import { apiRoute } from "@/server/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { RESET_REQUESTED_MESSAGE, requestPasswordReset } from "@/server/auth/password-reset";
import { forgotPasswordSchema } from "@/features/auth/schemas";

export const POST = apiRoute({ access: PUBLIC, body: forgotPasswordSchema }, async ({ request, body }) => {
  await requestPasswordReset(body.email, { ip: clientIp(request.headers), baseUrl: siteUrl() });
  return { message: RESET_REQUESTED_MESSAGE };
});
