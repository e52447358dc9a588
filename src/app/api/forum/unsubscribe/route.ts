// POST /api/forum/unsubscribe?token= - stop reply emails for one topic (the page's button and RFC 8058 one-click).
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { unsubscribeFromTopic } from "@/server/forum";
import { unsubscribeQuerySchema } from "@/features/forum/schemas";

// The token is in the query because one-click unsubscribe POSTs a form body we do not read.
export const POST = apiRoute({ access: PUBLIC, query: unsubscribeQuerySchema }, async ({ query }) => {
  if (!(await unsubscribeFromTopic(query.token))) throw notFound("This unsubscribe link is not valid.");
  return { message: "You will receive no more emails about this topic." };
});
