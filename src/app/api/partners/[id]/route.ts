// GET /api/partners/{id} - a partner's code, rate and figures, to herself ({id} is her user id) or an admin.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { SELF_OR_ADMIN } from "@/lib/auth/access";
import { notFound } from "@/lib/errors";
import { getPartnerDashboard } from "@/server/affiliate/partners";

export const GET = apiRoute({ access: SELF_OR_ADMIN, params: idParams() }, async ({ params }) => {
  const dashboard = await getPartnerDashboard(params.id);
  if (!dashboard) throw notFound("This member is not an affiliate partner.");
  return dashboard;
});
