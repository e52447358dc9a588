// POST /api/newsletter/unsubscribe?token= - unsubscribe (the page's button and RFC 8058 one-click from mail clients).
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { unsubscribe } from "@/server/newsletter";
import { newsletterTokenSchema } from "@/features/newsletter/schemas";

// The token is in the query because one-click unsubscribe POSTs a form body we do not read.
export const POST = apiRoute({ access: PUBLIC, query: newsletterTokenSchema }, async ({ query }) => {
  if (!(await unsubscribe(query.token))) throw notFound("This unsubscribe link is not valid.");
  return { message: "You have been unsubscribed." };
});
