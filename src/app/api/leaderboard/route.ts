// GET /api/leaderboard - the members with the most points in the last 7 days, 30 days or all time (?window=7d|30d|all).
import { apiRoute } from "@/server/http/api-route";
import { SIGNED_IN } from "@/lib/auth/access";
import { readLeaderboard } from "@/server/levels";
import { leaderboardQuerySchema } from "@/features/levels/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: leaderboardQuerySchema }, async ({ query, user }) =>
  readLeaderboard(user, query.window),
);
