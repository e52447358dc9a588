// POST /api/admin/levels/recompute - rebuilds reaction points from the reactions and every total from the ledger (admins only).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { recomputePoints } from "@/server/levels";

export const POST = apiRoute({ access: ADMIN }, async ({ user }) => recomputePoints(user));
