// GET /api/users/{id}/payment-transactions - a member's own payments (admins: anyone's).
import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { MEMBER } from "@/lib/auth/access";
import { idSchema } from "@/lib/validation";
import { listUserTransactions } from "@/server/payments/transactions";

export const GET = apiRoute({ access: MEMBER, params: z.object({ id: idSchema }) }, async ({ user, params }) => listUserTransactions(params.id, user!));
