// GET /api/admin/affiliates/payouts/{id}/csv - the commissions one payout run paid, as CSV.
import { z, idSchema } from "@/lib/validation";
import { apiRoute } from "@/lib/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { payoutCsv } from "@/server/affiliate/commissions";

export const GET = apiRoute({ access: ADMIN, params: z.object({ id: idSchema }) }, async ({ params }) => {
  const csv = await payoutCsv(params.id);
  return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="affiliate-payout-${params.id}.csv"` } });
});
