import { z } from "@/lib/validation";
import { id } from "@/features/api/json";
import { LEADERBOARD_WINDOWS, LEVEL_COUNT, LEVEL_NAME_MAX, LEVEL_THRESHOLD_MAX } from "./constants";

const levelSchema = z.strictObject({
  level: z.number().int().min(1).max(LEVEL_COUNT),
  name: z
    .string()
    .trim()
    .min(1, "Please enter a name for this level")
    .max(LEVEL_NAME_MAX, `A level's name must be at most ${LEVEL_NAME_MAX} characters`),
  minPoints: z
    .number({ message: "Please enter a number of points" })
    .int("Please enter a whole number of points")
    .min(0, "Points cannot be negative")
    .max(LEVEL_THRESHOLD_MAX, `At most ${LEVEL_THRESHOLD_MAX.toLocaleString("en")} points`),
});

/**
 * The nine levels as an administrator sets them (the editor and PUT /api/admin/levels share it): level 1
 * opens at 0 points and each level needs strictly more than the one before.
 */
export const levelLadderSchema = z
  .strictObject({ levels: z.array(levelSchema).length(LEVEL_COUNT, `There must be exactly ${LEVEL_COUNT} levels`) })
  .superRefine(({ levels }, ctx) => {
    levels.forEach((entry, index) => {
      if (entry.level !== index + 1)
        ctx.addIssue({ code: "custom", path: ["levels", index, "level"], message: "Levels must be listed 1 to 9" });
    });
    if (levels[0] && levels[0].minPoints !== 0)
      ctx.addIssue({ code: "custom", path: ["levels", 0, "minPoints"], message: "Level 1 starts at 0 points" });
    for (let index = 1; index < levels.length; index++) {
      if (levels[index]!.minPoints <= levels[index - 1]!.minPoints)
        ctx.addIssue({
          code: "custom",
          path: ["levels", index, "minPoints"],
          message: `Level ${index + 1} must need more points than level ${index}`,
        });
    }
  });
export type LevelLadder = z.infer<typeof levelLadderSchema>;

export const leaderboardQuerySchema = z.strictObject({
  window: z.enum(LEADERBOARD_WINDOWS).default("30d"),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/** A level beside a member's name in a response. */
export const memberLevelSchema = z.strictObject({ level: z.number().int().min(1), name: z.string() });

/** Her own points and what the next level needs (her profile and home). */
export const memberStandingSchema = z.strictObject({
  points: z.number().int(),
  level: z.strictObject({ level: z.number().int(), name: z.string(), minPoints: z.number().int() }),
  next: z
    .strictObject({
      level: z.number().int(),
      name: z.string(),
      minPoints: z.number().int(),
      pointsNeeded: z.number().int(),
    })
    .nullable(),
});

export const leaderboardEntrySchema = z.strictObject({
  rank: z.number().int().min(1),
  id,
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  /** Points earned in the window. */
  points: z.number().int(),
  /** Her level, from her all-time points. */
  level: memberLevelSchema,
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** GET /api/leaderboard: the board, and her own points and rank in the window (null when she hides from the directory; rank null when she has no points in it). */
export const leaderboardSchema = z.strictObject({
  window: z.enum(LEADERBOARD_WINDOWS),
  entries: z.array(leaderboardEntrySchema),
  mine: z.strictObject({ points: z.number().int(), rank: z.number().int().nullable() }).nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
