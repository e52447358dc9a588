// GET /api/payment-transactions - every payment transaction, newest first.
import { apiRoute } from "@/server/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { listTransactions } from "@/server/money/transactions";

export const GET = apiRoute({ access: ADMIN }, async ({ user }) => listTransactions(user));
