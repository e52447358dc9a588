// POST /api/events/inquiries - "Request Event Info" for a private event: stored and emailed to admins.
import { PUBLIC } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { clientIp } from "@/lib/http/request-info";
import { siteUrl } from "@/lib/http/site-url";
import { INQUIRY_RECEIVED_MESSAGE, submitEventInquiry } from "@/server/events/inquiries";
import { eventInquirySchema } from "@/features/events/schemas";

export const POST = apiRoute({ access: PUBLIC, body: eventInquirySchema }, async ({ request, body }) => {
  await submitEventInquiry(body, { ip: clientIp(request.headers), baseUrl: siteUrl() });
  // A visitor's answer names no row of ours.
  return created({ message: INQUIRY_RECEIVED_MESSAGE });
});
