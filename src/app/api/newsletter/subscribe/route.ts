// POST /api/newsletter/subscribe - start a double opt-in subscription (same answer for any address).
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { subscribeToNewsletter } from "@/server/newsletter";
import { newsletterSubscribeSchema } from "@/features/newsletter/schemas";

export const POST = apiRoute({ access: PUBLIC, body: newsletterSubscribeSchema }, async ({ request, body }) => {
  await subscribeToNewsletter(body.email, { ip: clientIp(request.headers), baseUrl: siteUrl(), source: body.source });
  return { message: "Please check your inbox to confirm your subscription." };
});
