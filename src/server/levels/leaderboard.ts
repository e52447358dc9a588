import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { memberPoints, memberPointsDaily, users } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { LEADERBOARD_SIZE, LEADERBOARD_WINDOW_DAYS, type LeaderboardWindow } from "@/features/levels/constants";
import { standingFor, type Leaderboard } from "@/features/levels/types";
import { getLadder } from "./ladder";

/** Who the board shows: as the member directory, members who have not hidden themselves and are not disabled. */
const listed = sql`${users.hiddenFromDirectory} = false and ${users.disabledAt} is null`;

/** Points per member in the window: the kept total for all time, the kept days summed for 7 and 30 days. */
function windowPoints(window: LeaderboardWindow) {
  if (window === "all")
    return sql`select ${memberPoints.userId} as user_id, ${memberPoints.points} as points from ${memberPoints}`;
  const days = LEADERBOARD_WINDOW_DAYS[window];
  return sql`select ${memberPointsDaily.userId} as user_id, sum(${memberPointsDaily.points})::int as points
    from ${memberPointsDaily}
    where ${memberPointsDaily.day} > (now() at time zone 'UTC')::date - ${days}::int
    group by ${memberPointsDaily.userId}`;
}

/**
 * GET /api/leaderboard and /leaderboard: the members with the most points in the window, ties broken by
 * who joined first; her own points and rank beside it. Levels come from the all-time total.
 */
export async function readLeaderboard(viewer: SessionUser, window: LeaderboardWindow): Promise<Leaderboard> {
  const ladder = await getLadder();
  const result = await db.execute<{
    user_id: number;
    first_name: string;
    last_name: string;
    profile_picture: string | null;
    points: number;
    total: number;
    rank: number;
  }>(sql`
    with scored as (${windowPoints(window)}),
    ranked as (
      select s.user_id, s.points, rank() over (order by s.points desc)::int as rank
      from scored s join ${users} on ${users.id} = s.user_id
      where s.points > 0 and ${listed}
    )
    select r.user_id, r.points, r.rank, ${users.firstName} as first_name, ${users.lastName} as last_name,
      ${users.profilePicture} as profile_picture,
      coalesce((select ${memberPoints.points} from ${memberPoints} where ${memberPoints.userId} = r.user_id), 0) as total
    from (
      (select * from ranked order by points desc, user_id limit ${LEADERBOARD_SIZE})
      union
      (select * from ranked where user_id = ${viewer.id})
    ) r join ${users} on ${users.id} = r.user_id
    order by r.points desc, r.user_id
  `);
  const rows = result.rows;
  const mine = rows.find((row) => row.user_id === viewer.id);
  // Sorted as ranked, so her own row, when she is below the board, comes last.
  const entries = rows.slice(0, LEADERBOARD_SIZE).map((row) => {
    const { level } = standingFor(row.total, ladder);
    return {
      rank: row.rank,
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      profilePicture: row.profile_picture,
      points: row.points,
      level: { level: level.level, name: level.name },
    };
  });
  return { window, entries, mine: await viewerStanding(viewer, window, mine) };
}

async function viewerStanding(
  viewer: SessionUser,
  window: LeaderboardWindow,
  ranked: { points: number; rank: number } | undefined,
): Promise<Leaderboard["mine"]> {
  if (ranked) return { points: ranked.points, rank: ranked.rank };
  const result = await db.execute<{ points: number; listed: boolean }>(sql`
    select coalesce((select points from (${windowPoints(window)}) s where s.user_id = ${viewer.id}), 0)::int as points,
      (${listed}) as listed
    from ${users} where ${users.id} = ${viewer.id}
  `);
  const row = result.rows[0];
  return row?.listed ? { points: row.points, rank: null } : null;
}
