// GET /api/admin/affiliates/payouts/{id}/csv - the commissions one payout run paid, as CSV.
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { fileResponse } from "@/lib/http/file-response";
import { payoutCsv } from "@/server/affiliate/commissions";
import { CSV_CONTENT_TYPE } from "@/server/csv";

export const GET = apiRoute({ access: ADMIN, params: idParams() }, async ({ params, user }) =>
  fileResponse(await payoutCsv(user, params.id), {
    contentType: CSV_CONTENT_TYPE,
    filename: `affiliate-payout-${params.id}.csv`,
    disposition: "attachment",
    extra: { "Cache-Control": "no-store" },
  }),
);
