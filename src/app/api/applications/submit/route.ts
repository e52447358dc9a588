// POST /api/applications/submit - store an application and email its receipt and payment link (an address under review is told by email; the answer is the same).
import { apiRoute, created } from "@/server/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { applicationSchema } from "@/features/applications/schemas";
import { submitApplication } from "@/server/applications/submit";

export const POST = apiRoute({ access: PUBLIC, body: applicationSchema }, async ({ request, body }) => {
  const application = await submitApplication(body, { ip: clientIp(request.headers), baseUrl: siteUrl() });
  return created(application);
});
