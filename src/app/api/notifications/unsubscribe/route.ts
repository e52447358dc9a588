// POST /api/notifications/unsubscribe?token=&kind= - one-click unsubscribe of an email's kind (RFC 8058), or of the digest.
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { unsubscribeQuerySchema } from "@/features/notifications/schemas";
import { unsubscribeByToken } from "@/server/notifications";

// The token is in the query: a mail client's one-click POST sends the form body
// "List-Unsubscribe=One-Click" (RFC 8058 section 3.2), which is not read.
export const POST = apiRoute({ access: PUBLIC, query: unsubscribeQuerySchema }, async ({ query }) => {
  if (!(await unsubscribeByToken(query.token, query.kind))) throw notFound("This unsubscribe link is not valid.");
  return { ok: true };
});
