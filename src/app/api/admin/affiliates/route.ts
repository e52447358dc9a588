// GET /api/admin/affiliates - partners with their figures, and commissions (?status=pending|eligible|paid|cancelled).
import { z } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { COMMISSION_STATUSES } from "@/features/affiliate/constants";
import { listCommissionsForAdmin, listPartnersForAdmin } from "@/server/affiliate/partners";

const query = z.object({ status: z.enum(COMMISSION_STATUSES).optional() });

export const GET = apiRoute({ access: ADMIN, query }, async ({ query, user }) => {
  const [partners, commissions] = await Promise.all([
    listPartnersForAdmin(user),
    listCommissionsForAdmin(user, query.status),
  ]);
  return { partners, commissions };
});
