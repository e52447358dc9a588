// GET /api/payment-transactions/export - every payment transaction as a CSV download.
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { csvResponse } from "@/server/csv";
import { TRANSACTIONS_CSV, transactionPages } from "@/server/money/transactions";

export const GET = apiRoute({ access: ADMIN }, async ({ user }) =>
  csvResponse(TRANSACTIONS_CSV, transactionPages(user)),
);
