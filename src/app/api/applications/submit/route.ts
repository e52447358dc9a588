// POST /api/applications/submit - store a membership application and email a receipt and the admins.
import { apiRoute, created } from "@/lib/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { applicationSchema } from "@/server/applications/schemas";
import { submitApplication } from "@/server/applications/submit";

export const POST = apiRoute({ access: PUBLIC, body: applicationSchema }, async ({ request, body }) => {
  const application = await submitApplication(body, { ip: clientIp(request.headers), baseUrl: siteUrl(request.headers) });
  return created(application);
});
