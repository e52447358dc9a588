// GET /api/payment-transactions/{id} - one payment transaction.
import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { ADMIN } from "@/lib/auth/access";
import { idSchema } from "@/lib/validation";
import { getTransaction } from "@/server/money/transactions";

export const GET = apiRoute({ access: ADMIN, params: z.object({ id: idSchema }) }, async ({ params }) => getTransaction(params.id));
