export interface Level {
  level: number;
  name: string;
  minPoints: number;
}

/** A level as shown beside a member's name. */
export interface MemberLevel {
  level: number;
  name: string;
}

/** Her standing: her points, her level, and what the next one needs (null at the top). */
export interface MemberStanding {
  points: number;
  level: Level;
  next: (Level & { pointsNeeded: number }) | null;
}

/** The level `points` reach on `ladder` (sorted by level), and the next one. */
export function standingFor(points: number, ladder: readonly Level[]): MemberStanding {
  let index = 0;
  while (index + 1 < ladder.length && ladder[index + 1]!.minPoints <= points) index++;
  const next = ladder[index + 1];
  return {
    points,
    level: ladder[index]!,
    next: next ? { ...next, pointsNeeded: next.minPoints - points } : null,
  };
}

export type { Leaderboard, LeaderboardEntry } from "./schemas";

/** The points recompute as /admin/levels shows it: the last one's result, and whether one is on its way. */
export interface RecomputeStatus {
  last: { at: string; entries: number; corrected: number } | null;
  pending: boolean;
}
