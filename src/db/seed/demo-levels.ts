import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { cookMarkdown } from "@/lib/markdown/cook";
import type { Transaction } from "../client";
import * as t from "../schema";
import { REACTION_TYPES } from "@/features/forum/constants";
import { NOTIFICATION_KINDS } from "@/features/notifications/constants";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Members of the wider community who read the forum and react to what helps them: enough of them that
 * the demo's named members stand at levels 1 to 5 on the leaderboard. Quiet: their notifications stay in
 * the app and they get no weekly digest, so that the demo (and the test servers seeded with it) sends
 * them no mail.
 */
export const DEMO_COMMUNITY_VOICES: [string, string][] = [
  ["Aiko", "Tanaka"],
  ["Beatriz", "Costa"],
  ["Chiara", "Romano"],
  ["Dalia", "Haddad"],
  ["Esme", "Laurent"],
  ["Farah", "Qureshi"],
  ["Grace", "Owusu"],
  ["Hana", "Novak"],
  ["Ines", "Moreau"],
  ["Jade", "Whitfield"],
  ["Kaia", "Larsen"],
  ["Leila", "Amini"],
  ["Maya", "Patel"],
  ["Nia", "Adeyemi"],
  ["Olivia", "Brennan"],
  ["Priya", "Raman"],
  ["Rosa", "Delgado"],
  ["Sana", "Karimi"],
  ["Talia", "Weiss"],
  ["Uma", "Sørensen"],
  ["Vera", "Ivanova"],
  ["Wren", "Callahan"],
  ["Yara", "Mansour"],
  ["Zoe", "Fontaine"],
  ["Anaïs", "Girard"],
  ["Bea", "Lindqvist"],
];

/**
 * The points each named member's replies earn (a reactor per point, spread over her replies), so that
 * the leaderboard shows levels 1 to 5: Amara at 5 (Guide, from 155), Lena at 4 (Helper, from 65), the four
 * logins below level 4, so that `member` sees the level-4 demo course locked (demo-courses.ts).
 */
const REACTION_POINTS_OF: Record<string, number> = {
  amara: 170,
  lena: 75,
  mentor: 40,
  partner: 25,
  member: 12,
  admin: 2,
};

/** Amara's answers in the forum besides her own topics: the community's most helpful voice. */
const AMARA_REPLIES = [
  "Start the underpainting a tone darker than you think: it keeps the wall from looking chalky in full sun.",
  "For pricing a mural, I count square metres, days on the lift and the design rounds separately. Clients respect a clear breakdown.",
  "A small grid on tracing paper saves hours on the wall. Photograph it before you wash it off.",
  "Ask the building's neighbours what they want to see before you sketch. The wall is theirs every day, not only yours.",
  "Varnish with an anti-graffiti coat in the last week, not the first: it needs the paint fully cured underneath.",
];

/**
 * Points for the demo. The wider community joins, Amara answers a few more questions, then members react
 * to replies (each reactor a few hours after the reply) until each named member's replies have earned
 * her share; each reaction from another member is her point, as the forum's reactions are
 * (docs/decisions/047-points-and-levels.md). The ledger's triggers keep the totals.
 */
export async function seedDemoLevels(tx: Transaction, userIds: Record<string, number>, passwordHash: string) {
  const voices = await tx
    .insert(t.users)
    .values(
      DEMO_COMMUNITY_VOICES.map(([firstName, lastName], index) => ({
        username: `${firstName.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}_${index + 1}`,
        email: `voice${index + 1}@example.com`,
        passwordHash,
        firstName,
        lastName,
        membershipLevel: index % 3 === 0 ? "create" : "connect",
        createdAt: new Date(Date.now() - (120 + index * 9) * DAY),
      })),
    )
    .returning({ id: t.users.id });
  await tx.insert(t.notificationSettings).values(
    voices.map((voice) => ({
      userId: voice.id,
      unsubscribeToken: randomBytes(24).toString("base64url"),
      weeklyDigest: false,
    })),
  );
  await tx
    .insert(t.notificationPreferences)
    .values(voices.flatMap((voice) => NOTIFICATION_KINDS.map((kind) => ({ userId: voice.id, kind, delivery: "app" }))));

  const [topic] = await tx
    .select({ id: t.forumTopics.id, createdAt: t.forumTopics.createdAt })
    .from(t.forumTopics)
    .where(eq(t.forumTopics.slug, "stories-for-a-mural-series"));
  for (const [index, content] of AMARA_REPLIES.entries())
    await tx.insert(t.forumPosts).values({
      topicId: topic!.id,
      userId: userIds.amara!,
      content,
      contentHtml: cookMarkdown(content),
      createdAt: new Date(Math.min(Date.now() - HOUR, topic!.createdAt.getTime() + (index + 10) * HOUR)),
    });

  const community = [...Object.values(userIds), ...voices.map((voice) => voice.id)];
  const replies = await tx
    .select({ id: t.forumPosts.id, userId: t.forumPosts.userId, createdAt: t.forumPosts.createdAt })
    .from(t.forumPosts)
    .where(sql`${t.forumPosts.status} = 'visible'`)
    .orderBy(t.forumPosts.id);
  const reactions: (typeof t.forumReactions.$inferInsert)[] = [];
  for (const [username, points] of Object.entries(REACTION_POINTS_OF)) {
    const authorId = userIds[username]!;
    const hers = replies.filter((reply) => reply.userId === authorId);
    const reactors = community.filter((person) => person !== authorId);
    hers.forEach((reply, index) => {
      // Her points shared out over her replies, the first ones getting the remainder.
      const count = Math.floor(points / hers.length) + (index < points % hers.length ? 1 : 0);
      reactors.slice(0, count).forEach((reactor, order) =>
        reactions.push({
          postId: reply.id,
          userId: reactor,
          reactionType: REACTION_TYPES[(order + index) % REACTION_TYPES.length]!,
          createdAt: new Date(Math.min(Date.now(), reply.createdAt.getTime() + (order + 1) * HOUR)),
        }),
      );
    });
  }
  // The forum's own demo reactions stay; these add to them (one point per reactor and reply either way).
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
