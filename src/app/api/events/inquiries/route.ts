// POST /api/events/inquiries - "Request Event Info" for a private event: stored and emailed to admins.
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute, created } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { INQUIRY_RECEIVED_MESSAGE, submitEventInquiry } from "@/server/events/inquiries";
import { eventInquirySchema } from "@/server/events/schemas";

export const POST = apiRoute({ access: PUBLIC, body: eventInquirySchema }, async ({ request, body }) => {
  const { id } = await submitEventInquiry(body, { ip: clientIp(request.headers), baseUrl: siteUrl() });
  return created({ id, message: INQUIRY_RECEIVED_MESSAGE });
});
