// POST /api/newsletter/unsubscribe?token= - the one-click unsubscribe (RFC 8058) of newsletter emails
// sent before the one unsubscribe (docs/decisions/044-one-unsubscribe.md).
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { unsubscribeOldLink } from "@/server/unsubscribe";
import { newsletterTokenSchema } from "@/features/newsletter/schemas";

// The token is in the query because one-click unsubscribe POSTs a form body we do not read.
export const POST = apiRoute({ access: PUBLIC, query: newsletterTokenSchema, crossSite: true }, async ({ query }) => {
  if (!(await unsubscribeOldLink({ scheme: "newsletter", token: query.token })))
    throw notFound("This unsubscribe link is not valid.");
  return { message: "You have been unsubscribed." };
});
