// POST /api/invitations/accept - create the member account from an invitation link and sign her in.
import { apiRoute, created } from "@/lib/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { acceptInvitation } from "@/server/applications/invitations";
import { acceptInvitationSchema } from "@/server/applications/schemas";
import { logIn } from "@/server/auth/login";
import { loadSessionUserById } from "@/server/auth/sessions";

export const POST = apiRoute({ access: PUBLIC, body: acceptInvitationSchema }, async ({ request, body }) => {
  const ip = clientIp(request.headers);
  const account = await acceptInvitation(body, ip);
  // The same sign-in as /api/auth/login, so the new member gets the session and its signed-in hint.
  await logIn({ username: account.username, password: body.password }, { ip, userAgent: request.headers.get("user-agent") });
  return created(await loadSessionUserById(account.userId));
});
