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
  const rows = window === "all" ? await topOfAllTime(viewer) : await topOfWindow(viewer, window);
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

type BoardRow = {
  user_id: number;
  first_name: string;
  last_name: string;
  profile_picture: string | null;
  points: number;
  total: number;
  rank: number;
};

/** A window's sums ranked (ties share a rank), the top of the board and her own row below it. */
async function topOfWindow(viewer: SessionUser, window: LeaderboardWindow): Promise<BoardRow[]> {
  const result = await db.execute<BoardRow>(sql`
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
  return result.rows;
}

/**
 * All time: the kept totals walked in their index's order to the board's size (never ranking every
 * member), ranks counted along it; her own rank, below the board, is one more than those ahead of her.
 */
async function topOfAllTime(viewer: SessionUser): Promise<BoardRow[]> {
  const top = await db.execute<Omit<BoardRow, "rank">>(sql`
    select ${memberPoints.userId} as user_id, ${memberPoints.points} as points, ${memberPoints.points} as total,
      ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.profilePicture} as profile_picture
    from ${memberPoints} join ${users} on ${users.id} = ${memberPoints.userId}
    where ${memberPoints.points} > 0 and ${listed}
    order by ${memberPoints.points} desc, ${memberPoints.userId}
    limit ${LEADERBOARD_SIZE}
  `);
  const rows: BoardRow[] = [];
  for (const [index, row] of top.rows.entries()) {
    const previous = rows[index - 1];
    rows.push({ ...row, rank: previous && previous.points === row.points ? previous.rank : index + 1 });
  }
  if (rows.some((row) => row.user_id === viewer.id)) return rows;
  const mine = await db.execute<BoardRow>(sql`
    select ${memberPoints.userId} as user_id, ${memberPoints.points} as points, ${memberPoints.points} as total,
      ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.profilePicture} as profile_picture,
      (select count(*)::int + 1 from ${memberPoints} ahead join ${users} other on other.id = ahead.user_id
        where ahead.points > ${memberPoints.points} and other.hidden_from_directory = false and other.disabled_at is null) as rank
    from ${memberPoints} join ${users} on ${users.id} = ${memberPoints.userId}
    where ${memberPoints.userId} = ${viewer.id} and ${memberPoints.points} > 0 and ${listed}
  `);
  return [...rows, ...mine.rows];
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
