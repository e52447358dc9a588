// POST /api/notifications/unsubscribe?token=&kind= - the one-click unsubscribe (RFC 8058) of notification
// emails sent before the one unsubscribe: stops that kind (docs/decisions/044-one-unsubscribe.md).
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { unsubscribeQuerySchema } from "@/features/notifications/schemas";
import { unsubscribeOldLink } from "@/server/unsubscribe";

// The token is in the query: a mail client's one-click POST sends the form body
// "List-Unsubscribe=One-Click" (RFC 8058 section 3.2), which is not read.
export const POST = apiRoute({ access: PUBLIC, query: unsubscribeQuerySchema, crossSite: true }, async ({ query }) => {
  if (!(await unsubscribeOldLink({ scheme: "notification-emails", ...query })))
    throw notFound("This unsubscribe link is not valid.");
  return { ok: true };
});
