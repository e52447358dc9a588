// POST /api/partners/visits - counts a visit of /apply?ref={code}, once per visitor per day.
import { apiRoute } from "@/lib/http/api-route";
import { PUBLIC } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { recordLinkVisit } from "@/server/affiliate/partners";
import { linkVisitSchema } from "@/server/affiliate/schemas";

export const POST = apiRoute({ access: PUBLIC, body: linkVisitSchema, maxBodyBytes: 1024 }, async ({ request, body }) => {
  await recordLinkVisit(body.code, `${clientIp(request.headers)}|${request.headers.get("user-agent") ?? ""}`);
  return new Response(null, { status: 204 });
});
