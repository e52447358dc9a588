// POST /api/forum/unsubscribe?token= - the one-click unsubscribe (RFC 8058) of reply emails sent before
// the one pipeline: stops reply emails, as the one unsubscribe does (docs/decisions/044-one-unsubscribe.md).
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { unsubscribeOldLink } from "@/server/unsubscribe";
import { unsubscribeQuerySchema } from "@/features/forum/schemas";

// The token is in the query because one-click unsubscribe POSTs a form body we do not read.
export const POST = apiRoute({ access: PUBLIC, query: unsubscribeQuerySchema, crossSite: true }, async ({ query }) => {
  if (!(await unsubscribeOldLink({ scheme: "forum-emails", token: query.token })))
    throw notFound("This unsubscribe link is not valid.");
  return { message: "You will receive no more emails about replies." };
});
