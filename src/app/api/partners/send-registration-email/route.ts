// POST /api/partners/send-registration-email - emails the signed-in member a single-use link to the affiliate terms.
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { forbidden } from "@/lib/errors";
import { siteUrl } from "@/lib/http/site-url";
import { sendRegistrationEmail } from "@/server/affiliate/partners";
import { registrationEmailSchema } from "@/features/affiliate/schemas";

export const POST = apiRoute({ access: SIGNED_IN, body: registrationEmailSchema }, async ({ user, body }) => {
  // The spec sends userId along; a member registers herself only.
  if (body.userId !== undefined && body.userId !== user.id) throw forbidden();
  await sendRegistrationEmail(user, body.email, siteUrl());
  return { ok: true };
});
