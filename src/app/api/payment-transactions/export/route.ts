// GET /api/payment-transactions/export - every payment transaction as a CSV download.
import { apiRoute } from "@/lib/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { csvResponse } from "@/server/csv";
import { CSV_COLUMNS, transactionCsvRow, transactionPages } from "@/server/payments/transactions";

export const GET = apiRoute({ access: ADMIN }, async () => csvResponse("payment-transactions", [...CSV_COLUMNS], transactionPages(), transactionCsvRow));
