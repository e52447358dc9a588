// GET /api/admin/affiliates/payouts/{id}/csv - the commissions one payout run paid, as CSV.
import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { idSchema } from "@/lib/validation";
import { payoutCsv } from "@/server/affiliate/commissions";

export const GET = apiRoute({ access: ADMIN, params: z.object({ id: idSchema }) }, async ({ params }) => {
  const csv = await payoutCsv(params.id);
  return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="affiliate-payout-${params.id}.csv"` } });
});
