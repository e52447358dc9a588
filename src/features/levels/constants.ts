// Points and levels (docs/decisions/047-points-and-levels.md): constants every floor shares.

export const LEVEL_COUNT = 9;

/** The default ladder (Skool's curve): level n opens at DEFAULT_LEVELS[n - 1].minPoints. */
export const DEFAULT_LEVELS = [
  { level: 1, name: "Newcomer", minPoints: 0 },
  { level: 2, name: "Contributor", minPoints: 5 },
  { level: 3, name: "Regular", minPoints: 20 },
  { level: 4, name: "Helper", minPoints: 65 },
  { level: 5, name: "Guide", minPoints: 155 },
  { level: 6, name: "Mentor", minPoints: 515 },
  { level: 7, name: "Leader", minPoints: 2015 },
  { level: 8, name: "Luminary", minPoints: 8015 },
  { level: 9, name: "Legend", minPoints: 33015 },
] as const;

export const LEVEL_NAME_MAX = 24;
/** Far above any real total, so that a threshold cannot overflow the integer column. */
export const LEVEL_THRESHOLD_MAX = 100_000_000;

/** What earns points: a reaction from another member to her reply, or completing a course. */
export const POINT_REASONS = ["reaction", "course"] as const;
export type PointReason = (typeof POINT_REASONS)[number];

export const REACTION_POINTS = 1;
export const COURSE_COMPLETION_POINTS = 10;

/** The leaderboard's windows: the last 7 days and 30 days (UTC days, today included) and all time. */
export const LEADERBOARD_WINDOWS = ["7d", "30d", "all"] as const;
export type LeaderboardWindow = (typeof LEADERBOARD_WINDOWS)[number];
export const LEADERBOARD_WINDOW_DAYS: Record<Exclude<LeaderboardWindow, "all">, number> = { "7d": 7, "30d": 30 };
export const LEADERBOARD_WINDOW_LABELS: Record<LeaderboardWindow, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  all: "All time",
};
export const LEADERBOARD_SIZE = 50;
