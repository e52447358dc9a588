// GET /api/payment-transactions/export - every payment transaction as a CSV download.
import { apiRoute } from "@/lib/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { listTransactions, transactionsCsv } from "@/server/payments/transactions";

export const GET = apiRoute({ access: ADMIN }, async () => {
  const csv = transactionsCsv(await listTransactions(100_000));
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="payment-transactions-${date}.csv"`, "Cache-Control": "no-store" },
  });
});
