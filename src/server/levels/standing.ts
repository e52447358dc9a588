import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { memberPoints } from "@/db/schema";
import { standingFor, type MemberStanding } from "@/features/levels/types";
import { getLadder, readLadder } from "./ladder";

/** Her kept total, 0 before her first point. */
export async function pointsOfMember(userId: number, executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ points: memberPoints.points })
    .from(memberPoints)
    .where(eq(memberPoints.userId, userId));
  return row?.points ?? 0;
}

/**
 * Her points, her level and what the next one needs. With `executor` (a course checking a required
 * level inside its transaction) the ladder is read there too; otherwise once per request.
 */
export async function levelOf(userId: number, executor?: Executor): Promise<MemberStanding> {
  const [points, ladder] = await Promise.all([
    pointsOfMember(userId, executor),
    executor ? readLadder(executor) : getLadder(),
  ]);
  return standingFor(points, ladder);
}
