// POST /api/invitations/accept - create the member account from an invitation link and her session, in one step.
import { apiRoute, created } from "@/server/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { acceptInvitation } from "@/server/applications/invitations";
import { acceptInvitationSchema } from "@/features/applications/schemas";
import { markSignedIn } from "@/server/auth/session-cookie";
import { loadSessionUserById, SESSION_MAX_AGE_SECONDS, toCurrentUser } from "@/server/auth/sessions";

export const POST = apiRoute({ access: PUBLIC, body: acceptInvitationSchema }, async ({ request, body }) => {
  const account = await acceptInvitation(body, {
    ip: clientIp(request.headers),
    userAgent: request.headers.get("user-agent"),
  });
  await markSignedIn(SESSION_MAX_AGE_SECONDS);
  return created(toCurrentUser(await loadSessionUserById(account.userId)));
});
