// POST /api/admin/levels/recompute - queues the rebuild of reaction points from the reactions and of every total
// from the ledger (admins only); answers the recompute's status.
import { ADMIN } from "@/lib/auth/access";
import { accepted, apiRoute } from "@/server/http/api-route";
import { requestPointsRecompute } from "@/server/levels";

export const POST = apiRoute({ access: ADMIN }, async ({ user }) => accepted(await requestPointsRecompute(user)));
