import "server-only";
// Points and levels (docs/decisions/047-points-and-levels.md): pages and route handlers import from here.
export { getLadder, levelColumn, memberLevelColumn, reachesLevel, readLadder, saveLadder } from "./ladder";
export { readLeaderboard } from "./leaderboard";
export { levelOf, pointsOfMember } from "./standing";

// What other features use of this one: the forum keeps reaction points in step with its reactions and
// blocks; courses award points for a completed course and check a required level (levelOf).
export { awardPoints, reactionLock, revokePoints, syncReactionPoints } from "./points";
export { recomputePoints, recomputeStatus, requestPointsRecompute } from "./recompute";
export type { ReactionScope } from "./points";
