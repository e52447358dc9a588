import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { forumBlocks, forumPosts, forumReactions, pointEntries } from "@/db/schema";
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
 * transaction while her last one is taken back in another cannot leave the point out of step. An
 * expression for the caller's statement (the toggle takes it with the reply's own lock, in one round trip).
 */
export function reactionLock(postId: number, reactorId: number): SQL {
  return sql`pg_advisory_xact_lock(hashtext('reaction_points'), hashtext(${`${reactorId}:${postId}`}))`;
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
