// POST /api/newsletter/confirm - confirm a subscription with the emailed token (the page's button; a GET changes nothing).
import { PUBLIC } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/server/http/api-route";
import { confirmSubscription } from "@/server/newsletter";
import { newsletterTokenSchema } from "@/features/newsletter/schemas";

export const POST = apiRoute({ access: PUBLIC, body: newsletterTokenSchema }, async ({ body }) => {
  if (!(await confirmSubscription(body.token)))
    throw notFound("This confirmation link has expired or has already been used.");
  return { message: "Your subscription is confirmed." };
});
