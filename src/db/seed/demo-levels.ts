import { sql } from "drizzle-orm";
import type { Transaction } from "../client";
import * as t from "../schema";
import { REACTION_TYPES } from "@/features/forum/constants";

const HOUR = 3600_000;

/**
 * Points for the demo: the community reacts to most replies (each reactor a few hours after the reply),
 * then each reaction from another member earns its author a point, as the forum's reactions do
 * (docs/decisions/047-points-and-levels.md), so that members stand at several levels and every window of
 * the leaderboard has names. The ledger's triggers keep the totals.
 */
export async function seedDemoLevels(tx: Transaction, userIds: Record<string, number>) {
  const people = Object.values(userIds);
  const replies = await tx
    .select({ id: t.forumPosts.id, userId: t.forumPosts.userId, createdAt: t.forumPosts.createdAt })
    .from(t.forumPosts)
    .where(sql`${t.forumPosts.status} = 'visible'`)
    .orderBy(t.forumPosts.id);
  const reactions = replies.flatMap((reply, index) =>
    people
      // A different few skip each reply, so totals differ from member to member.
      .filter((person, order) => person !== reply.userId && (order + index) % 4 !== 0)
      .map((person, order) => ({
        postId: reply.id,
        userId: person,
        reactionType: REACTION_TYPES[(order + index) % REACTION_TYPES.length]!,
        createdAt: new Date(Math.min(Date.now(), reply.createdAt.getTime() + (order + 1) * HOUR)),
      })),
  );
  if (reactions.length) await tx.insert(t.forumReactions).values(reactions).onConflictDoNothing();
  await tx.execute(sql`
    insert into ${t.pointEntries} (user_id, reason, points, post_id, reactor_id, created_at)
    select p.user_id, 'reaction', 1, r.post_id, r.user_id, min(r.created_at)
    from ${t.forumReactions} r join ${t.forumPosts} p on p.id = r.post_id
    where p.status <> 'removed' and p.user_id <> r.user_id
    group by p.user_id, r.post_id, r.user_id
    on conflict (reactor_id, post_id) do nothing
  `);
}
