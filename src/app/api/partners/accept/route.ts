// POST /api/partners/accept - accepts the affiliate terms with the emailed link's token; creates her partner record.
import { apiRoute, created } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { clientIp } from "@/lib/http/request-info";
import { acceptRegistration } from "@/server/affiliate/partners";
import { acceptRegistrationSchema } from "@/features/affiliate/schemas";

export const POST = apiRoute({ access: SIGNED_IN, body: acceptRegistrationSchema }, async ({ request, user, body }) =>
  created(await acceptRegistration(user, body.token, clientIp(request.headers))),
);
