// POST /api/forum/unsubscribe?token= - the one-click unsubscribe (RFC 8058) of reply emails sent before
// the one pipeline: stops reply emails, as the one unsubscribe does for every email sent since.
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { unsubscribeByTopicToken } from "@/server/forum";
import { unsubscribeQuerySchema } from "@/features/forum/schemas";

// The token is in the query because one-click unsubscribe POSTs a form body we do not read.
export const POST = apiRoute({ access: PUBLIC, query: unsubscribeQuerySchema }, async ({ query }) => {
  if (!(await unsubscribeByTopicToken(query.token))) throw notFound("This unsubscribe link is not valid.");
  return { message: "You will receive no more emails about replies." };
});
