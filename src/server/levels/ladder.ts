import "server-only";
import { cache } from "react";
import { asc, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { levels, memberPoints } from "@/db/schema";
import { assertAccess, ADMIN } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { recordAudit } from "@/server/audit";
import type { LevelLadder } from "@/features/levels/schemas";
import type { Level, MemberLevel } from "@/features/levels/types";

/** The nine levels, lowest first. */
export async function readLadder(executor: Executor = db): Promise<Level[]> {
  return executor
    .select({ level: levels.level, name: levels.name, minPoints: levels.minPoints })
    .from(levels)
    .orderBy(asc(levels.level));
}

/** The ladder, read once per request. */
export const getLadder = cache(() => readLadder());

/** Replaces the names and thresholds (validated by levelLadderSchema), audit-logged with what changed. */
export async function saveLadder(viewer: SessionUser, update: LevelLadder): Promise<Level[]> {
  assertAccess(viewer, ADMIN);
  return db.transaction(async (tx) => {
    const before = await readLadder(tx);
    const values = update.levels.map(({ level, name, minPoints }) => ({ level, name, minPoints }));
    await tx
      .insert(levels)
      .values(values)
      .onConflictDoUpdate({
        target: levels.level,
        set: { name: sql`excluded.name`, minPoints: sql`excluded.min_points`, updatedAt: sql`now()` },
      });
    const changed = values
      .filter((entry) => {
        const old = before.find((level) => level.level === entry.level);
        return old?.name !== entry.name || old?.minPoints !== entry.minPoints;
      })
      .map((entry) => entry.level);
    await recordAudit(
      {
        actorId: viewer.id,
        action: "levels.update",
        entityType: "levels",
        details: { changed, before, after: values },
      },
      tx,
    );
    return readLadder(tx);
  });
}

/** Her total, read from the kept total (0 before her first point). */
export function pointsOf(userId: SQL | AnyPgColumn): SQL<number> {
  return sql<number>`coalesce((select ${memberPoints.points} from ${memberPoints} where ${memberPoints.userId} = ${userId}), 0)`;
}

/**
 * The level a member's kept total reaches, as one column of a select (the forum's authors, the
 * directory, a profile): two index lookups per row, no counting.
 */
export function memberLevelColumn(userId: AnyPgColumn): SQL<MemberLevel> {
  return levelOfPoints(pointsOf(userId));
}

/** The level a number of points reaches (a total already at hand, as on the leaderboard), as one column. */
export function levelOfPoints(points: SQL | AnyPgColumn): SQL<MemberLevel> {
  return sql<MemberLevel>`(select json_build_object('level', ${levels.level}, 'name', ${levels.name}) from ${levels}
    where ${levels.minPoints} <= ${points} order by ${levels.level} desc limit 1)`;
}

/**
 * SQL true when a member's kept total reaches the threshold of `level` (a level number column; true
 * where it is null): a course's required level (docs/decisions/048-courses.md), in its WHERE clause.
 * The ladder's thresholds rise with the level (levelLadderSchema), so this is "her level is at least it".
 */
export function reachesLevel(userId: SQL | AnyPgColumn, level: SQL | AnyPgColumn): SQL<boolean> {
  return sql<boolean>`(${level} is null or coalesce((select ${levels.minPoints} from ${levels} where ${levels.level} = ${level}), 0) <= ${pointsOf(userId)})`;
}

/** A level's number and name as one column (a course's required level), null where `level` is null. */
export function levelColumn(level: AnyPgColumn): SQL<MemberLevel | null> {
  return sql<MemberLevel | null>`(select json_build_object('level', ${levels.level}, 'name', ${levels.name}) from ${levels} where ${levels.level} = ${level})`;
}

export type { MemberLevel };
