import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import type { Database, Executor, Transaction } from "@/db/client";
import { forumBlocks, forumPosts, forumReactions, memberPoints, memberPointsDaily, pointEntries } from "@/db/schema";
import { assertAccess, ADMIN } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { recordAudit } from "@/server/audit";
import { COURSE_COMPLETION_POINTS, REACTION_POINTS, type PointReason } from "@/features/levels/constants";

/** Which reaction points to bring in line with the reactions: one reply and reactor, a reply, a pair of members, or all. */
export type ReactionScope =
  { postId: number; reactorId: number } | { postId: number } | { between: [number, number] } | "all";

function scopeWhere(scope: ReactionScope, post: SQL, reactor: SQL, author: SQL): SQL {
  if (scope === "all") return sql`true`;
  if ("between" in scope) {
    const [a, b] = scope.between;
    return sql`((${reactor} = ${a} and ${author} = ${b}) or (${reactor} = ${b} and ${author} = ${a}))`;
  }
  if ("reactorId" in scope) return sql`(${post} = ${scope.postId} and ${reactor} = ${scope.reactorId})`;
  return sql`${post} = ${scope.postId}`;
}

/**
 * Makes the reaction entries in `scope` say what the reactions say: one point to the reply's author per
 * member who reacted to it (any number of reaction kinds), except her own, from a member either of them
 * blocked, or on a removed reply. Entries that no longer hold are deleted, missing ones inserted, in one
 * statement; the caller holds the lock that orders writers of the same reply and reactor.
 */
export async function syncReactionPoints(executor: Executor, scope: ReactionScope): Promise<void> {
  await executor.execute(sql`
    with wanted as (
      select r.post_id, r.user_id as reactor_id, p.user_id as author_id, min(r.created_at) as earned_at
      from ${forumReactions} r join ${forumPosts} p on p.id = r.post_id
      where ${scopeWhere(scope, sql`r.post_id`, sql`r.user_id`, sql`p.user_id`)}
        and p.status <> 'removed' and p.user_id <> r.user_id
        and not exists (
          select 1 from ${forumBlocks} b
          where (b.blocker_id = p.user_id and b.blocked_id = r.user_id) or (b.blocker_id = r.user_id and b.blocked_id = p.user_id)
        )
      group by r.post_id, r.user_id, p.user_id
    ),
    gone as (
      delete from ${pointEntries} e
      where e.reason = 'reaction' and ${scopeWhere(scope, sql`e.post_id`, sql`e.reactor_id`, sql`e.user_id`)}
        and not exists (select 1 from wanted w where w.post_id = e.post_id and w.reactor_id = e.reactor_id)
      returning 1
    )
    insert into ${pointEntries} (user_id, reason, points, post_id, reactor_id, created_at)
    select author_id, 'reaction', ${REACTION_POINTS}, post_id, reactor_id, earned_at from wanted
    on conflict (reactor_id, post_id) do nothing
  `);
}

/**
 * Orders the writers of one reactor's reactions to one reply, so that a reaction added in one
 * transaction while her last one is taken back in another cannot leave the point out of step.
 */
export async function lockReaction(tx: Transaction, postId: number, reactorId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('reaction_points'), hashtext(${`${reactorId}:${postId}`}))`,
  );
}

/**
 * Points for something other than a reaction (a completed course): once per member, reason and source,
 * in the caller's transaction. Returns whether they were awarded now (false when already held).
 */
export async function awardPoints(
  tx: Executor,
  award: { userId: number; reason: Exclude<PointReason, "reaction">; sourceId: number; points?: number },
): Promise<boolean> {
  const rows = await tx
    .insert(pointEntries)
    .values({
      userId: award.userId,
      reason: award.reason,
      sourceId: award.sourceId,
      points: award.points ?? COURSE_COMPLETION_POINTS,
    })
    .onConflictDoNothing()
    .returning({ id: pointEntries.id });
  return rows.length > 0;
}

/** Takes back what awardPoints gave for this member, reason and source. Returns whether there was anything. */
export async function revokePoints(
  tx: Executor,
  award: { userId: number; reason: Exclude<PointReason, "reaction">; sourceId: number },
): Promise<boolean> {
  const rows = await tx
    .delete(pointEntries)
    .where(
      and(
        eq(pointEntries.userId, award.userId),
        eq(pointEntries.reason, award.reason),
        eq(pointEntries.sourceId, award.sourceId),
      ),
    )
    .returning({ id: pointEntries.id });
  return rows.length > 0;
}

/**
 * Rebuilds the reaction entries from the reactions, then every total and day from the ledger: for an
 * audit, or after a change made outside the application. Blocks every other points writer meanwhile.
 * Returns how many totals it had to correct. An administrator's request (`viewer`) runs within the
 * requests' time limits, enough for a small community; `npm run levels:recompute` passes the
 * operator's `database`, without them, for any size.
 */
export async function recomputePoints(
  viewer: SessionUser | null,
  database: Database = db,
): Promise<{ entries: number; corrected: number }> {
  if (viewer) assertAccess(viewer, ADMIN);
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
    const [{ entries }] = (
      await tx.execute<{ entries: number }>(sql`select count(*)::int as entries from ${pointEntries}`)
    ).rows as [{ entries: number }];
    const result = { entries, corrected: corrected.rows[0]!.count };
    if (viewer)
      await recordAudit({ actorId: viewer.id, action: "levels.recompute", entityType: "levels", details: result }, tx);
    return result;
  });
}
