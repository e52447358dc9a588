// GET /api/admin/affiliates/payouts - past payout runs.
// POST /api/admin/affiliates/payouts - a payout run: every eligible commission is marked paid (audit-logged).
import { apiRoute, created } from "@/server/http/api-route";
import { actorOf } from "@/server/auth/actor";
import { ADMIN } from "@/lib/auth/access";
import { runPayout } from "@/server/affiliate/commissions";
import { listPayouts } from "@/server/affiliate/partners";

export const GET = apiRoute({ access: ADMIN }, async ({ user }) => listPayouts(user));

export const POST = apiRoute({ access: ADMIN }, async ({ request, user }) =>
  created(await runPayout(actorOf(user, request.headers))),
);
