import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { memberPoints, users } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { LEADERBOARD_SIZE, type LeaderboardWindow } from "@/features/levels/constants";
import type { Leaderboard } from "@/features/levels/types";
import { preparedQueries, preparedStatement } from "@/server/prepared-queries";
import { levelOfPoints } from "./ladder";

/** Who the board shows: as the member directory, members who have not hidden themselves and are not disabled. */
const listed = sql`${users.hiddenFromDirectory} = false and ${users.disabledAt} is null`;

/** Each window's points, kept by the ledger's triggers on her row, each with an index in its order. */
const WINDOW_COLUMNS = {
  "7d": memberPoints.weekPoints,
  "30d": memberPoints.monthPoints,
  all: memberPoints.points,
} as const;

/** Each window's board and her standing, built once per window (docs/decisions/061-hot-queries-built-once.md). */
const boardQuery = preparedQueries(
  "leaderboard",
  (window: LeaderboardWindow) => window,
  (window, database, name) => {
    const column = WINDOW_COLUMNS[window];
    return preparedStatement<BoardResult>(
      database,
      sql`
    with mine as (
      select coalesce(${column}, 0)::int as points, (${listed}) as listed
      from ${users} left join ${memberPoints} on ${memberPoints.userId} = ${users.id}
      where ${users.id} = ${sql.placeholder("viewerId")}
    )
    select mine.points, mine.listed,
      -- One more than the members ahead of her, less the few unlisted among them (users_unlisted_idx):
      -- two index reads, never a join of every member ahead.
      case when mine.points > 0 and mine.listed then 1
        + (select count(*)::int from ${memberPoints} where ${column} > 0 and ${column} > mine.points)
        - (select count(*)::int from ${memberPoints} join ${users} on ${users.id} = ${memberPoints.userId}
            where ${column} > mine.points and (${users.hiddenFromDirectory} or ${users.disabledAt} is not null))
      end as rank,
      (select coalesce(json_agg(top order by top.points desc, top.id), '[]'::json) from (
        select ${memberPoints.userId} as id, ${column} as points, ${users.firstName} as "firstName",
          ${users.lastName} as "lastName", ${users.profilePicture} as "profilePicture",
          ${levelOfPoints(memberPoints.points)} as level
        from ${memberPoints} join ${users} on ${users.id} = ${memberPoints.userId}
        where ${column} > 0 and ${listed}
        order by ${column} desc, ${memberPoints.userId}
        limit ${LEADERBOARD_SIZE}
      ) top) as board
    from mine
  `,
      name,
    );
  },
);

type BoardResult = { board: BoardRow[]; points: number; listed: boolean; rank: number | null };

/**
 * GET /api/leaderboard and /leaderboard: the members with the most points in the window, ties broken by
 * who joined first; her own points and rank beside it. Levels come from the all-time total. One query:
 * the board walks the window's index to its size, never ranking every member
 * (docs/decisions/056-leaderboard-windows-kept.md), and her standing comes beside it.
 */
export async function readLeaderboard(viewer: SessionUser, window: LeaderboardWindow): Promise<Leaderboard> {
  if (window !== "all") await rollWindowsForward();
  const [row] = await boardQuery(window).execute({ viewerId: viewer.id });
  const entries: Leaderboard["entries"] = [];
  for (const [index, entry] of (row?.board ?? []).entries()) {
    const previous = entries[index - 1];
    entries.push({ ...entry, rank: previous && previous.points === entry.points ? previous.rank : index + 1 });
  }
  if (!row?.listed) return { window, entries, mine: null };
  const onBoard = entries.find((entry) => entry.id === viewer.id);
  return { window, entries, mine: { points: row.points, rank: onBoard?.rank ?? row.rank } };
}

type BoardRow = Omit<Leaderboard["entries"][number], "rank">;

/** The UTC day (the database's) up to which this instance has rolled every member's windows forward. */
let rolledForwardOn: string | null = null;
let rolling: Promise<void> | null = null;

/**
 * A window's kept points are counted up to the day of her row's last write: on a new day, points
 * earned 7 or 30 days ago leave the windows. The first board of each day on each instance recounts
 * the windows of the rows written before today that still hold points (the month's active members);
 * the others have nothing to drop.
 */
async function rollWindowsForward(): Promise<void> {
  if (rolledForwardOn === new Date().toISOString().slice(0, 10)) return;
  rolling ??= countWindowsAgain(db, "written before today")
    .then((today) => {
      rolledForwardOn = today;
    })
    .finally(() => {
      rolling = null;
    });
  await rolling;
}

/**
 * Counts the 7- and 30-day windows again from her days, up to today (the database's UTC day): of the
 * rows written before today that still hold points in the month (the daily roll-over), or of every row
 * (the administrator's recompute). Returns that day.
 */
export async function countWindowsAgain(executor: Executor, rows: "written before today" | "all"): Promise<string> {
  const result = await executor.execute<{ today: string }>(sql`
    with today as (select (clock_timestamp() at time zone 'UTC')::date as day),
    counted as (
      update ${memberPoints} set
        week_points = member_points_window(${memberPoints.userId}, today.day, 7),
        month_points = member_points_window(${memberPoints.userId}, today.day, 30),
        windows_day = today.day
      from today
      ${rows === "all" ? sql`` : sql`where ${memberPoints.monthPoints} > 0 and ${memberPoints.windowsDay} < today.day`}
      returning 1
    )
    select day::text as today from today, (select count(*) from counted) c`);
  return result.rows[0]!.today;
}
