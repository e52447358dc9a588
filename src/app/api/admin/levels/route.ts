// GET|PUT /api/admin/levels - the nine levels' names and the points each opens at (admins only).
import { ADMIN } from "@/lib/auth/access";
import { apiRoute } from "@/server/http/api-route";
import { readLadder, saveLadder } from "@/server/levels";
import { levelLadderSchema } from "@/features/levels/schemas";

export const GET = apiRoute({ access: ADMIN }, async () => ({ levels: await readLadder() }));

export const PUT = apiRoute({ access: ADMIN, body: levelLadderSchema }, async ({ body, user }) => ({
  levels: await saveLadder(user, body),
}));
