import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Database } from "@/db/client";
import { auditLog, memberPoints, memberPointsDaily, pointEntries } from "@/db/schema";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { recordAudit } from "@/server/audit";
import { QUEUES, sendJob } from "@/server/jobs/boss";
import type { RecomputeStatus } from "@/features/levels/types";
import { countWindowsAgain } from "./leaderboard";
import { syncReactionPoints } from "./points";

const REQUESTED = "levels.recompute_requested";
const DONE = "levels.recompute";

/**
 * Rebuilds the reaction entries from the reactions, then every total, day and window from the ledger: for an
 * audit, or after a change made outside the application. Blocks every other points writer meanwhile.
 * Returns how many totals it had to correct. It takes as long as the ledger is large, so it runs in
 * the job queue (an administrator's request) or from `npm run levels:recompute` (an operator), never
 * in a request; `requestedBy` names the administrator in the audit log.
 */
export async function recomputePoints(
  requestedBy: number | null,
  database: Database = db,
): Promise<{ entries: number; corrected: number }> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`lock table ${pointEntries} in share row exclusive mode`);
    await syncReactionPoints(tx, "all");
    const corrected = await tx.execute<{ count: number }>(sql`
      with truth as (select user_id, sum(points)::int as points from ${pointEntries} group by user_id),
      fixed as (
        insert into ${memberPoints} (user_id, points)
        select u.user_id, coalesce(t.points, 0)
        from (select user_id from truth union select user_id from ${memberPoints}) u
        left join truth t on t.user_id = u.user_id
        on conflict (user_id) do update set points = excluded.points
        where ${memberPoints}.points is distinct from excluded.points
        returning 1
      )
      select count(*)::int as count from fixed
    `);
    await tx.execute(sql`delete from ${memberPointsDaily}`);
    await tx.execute(sql`
      insert into ${memberPointsDaily} (user_id, day, points)
      select user_id, (created_at at time zone 'UTC')::date, sum(points)::int from ${pointEntries} group by 1, 2
    `);
    await countWindowsAgain(tx, "all");
    const [{ entries }] = (
      await tx.execute<{ entries: number }>(sql`select count(*)::int as entries from ${pointEntries}`)
    ).rows as [{ entries: number }];
    const result = { entries, corrected: corrected.rows[0]!.count };
    await recordAudit({ actorId: requestedBy, action: DONE, entityType: "levels", details: result }, tx);
    return result;
  });
}

/** POST /api/admin/levels/recompute: queues the recompute (one at a time) and says it is on its way. */
export async function requestPointsRecompute(viewer: SessionUser): Promise<RecomputeStatus> {
  assertAccess(viewer, ADMIN);
  await recordAudit({ actorId: viewer.id, action: REQUESTED, entityType: "levels" });
  await sendJob(QUEUES.levelsRecompute.name, { requestedBy: viewer.id }, { singletonKey: "levels-recompute" });
  return recomputeStatus(viewer);
}

/** For /admin/levels: the last recompute's result, and whether one asked for since is still to come. */
export async function recomputeStatus(viewer: SessionUser): Promise<RecomputeStatus> {
  assertAccess(viewer, ADMIN);
  const latest = (action: string) =>
    db
      .select({ at: auditLog.createdAt, id: auditLog.id, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "levels"), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1);
  const [[requested], [done]] = await Promise.all([latest(REQUESTED), latest(DONE)]);
  const details = done?.details as { entries?: number; corrected?: number } | undefined;
  return {
    last: done
      ? { at: done.at.toISOString(), entries: details?.entries ?? 0, corrected: details?.corrected ?? 0 }
      : null,
    pending: Boolean(requested && (!done || requested.id > done.id)),
  };
}
