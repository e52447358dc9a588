import { z } from "@/lib/validation";
import { REACTION_TYPES, type ReactionType } from "./constants";
import { id, isoDate, isoDateTime } from "@/features/api/json";
import type { MemberLevel } from "@/features/levels/types";
import { memberLevelSchema } from "@/features/levels/schemas";

/**
 * What the forum shows of a member (not ids): her public profile, her bio only
 * where she shows it to members.
 */
export const forumAuthorSchema = z.strictObject({
  id,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  membershipLevel: z.string().nullable(),
  bio: z.string().nullable(),
  memberSince: isoDate.nullable(),
  /** Her level from points (not her tier, which is membershipLevel). */
  pointsLevel: memberLevelSchema,
});

export const forumCategorySchema = z.strictObject({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  isPrivate: z.boolean(),
  requiredMembershipLevel: z.string().nullable(),
  position: z.number().int(),
  archived: z.boolean(),
  topicCount: z.number().int().nonnegative(),
  /** Above her tier: shown with what it holds, never a topic. */
  locked: z.boolean(),
});

const topicFields = {
  id,
  title: z.string(),
  slug: z.string(),
  userId: id,
  categoryId: id,
  views: z.number().int().nonnegative(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  createdAt: isoDateTime,
  replyCount: z.number().int().nonnegative(),
  user: forumAuthorSchema,
};

export const topicPageSchema = z.strictObject({
  topics: z.array(
    z.strictObject({
      ...topicFields,
      lastPostAt: isoDateTime,
      preview: z.string(),
      category: z.strictObject({ slug: z.string(), name: z.string() }),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const topicDetailSchema = z.strictObject({
  ...topicFields,
  content: z.string(),
  /** The post's Markdown as sanitized HTML, cooked when it was written (src/lib/markdown/cook.ts). */
  html: z.string(),
  updatedAt: isoDateTime,
  category: z.strictObject({ id, slug: z.string(), name: z.string(), archived: z.boolean() }),
});

/** Each reaction type's count and whether she gave it (an enum-keyed record has every key, and no other). */
const reactionSummarySchema = z.record(
  z.enum(REACTION_TYPES),
  z.strictObject({ count: z.number().int().nonnegative(), mine: z.boolean() }),
);

export const replyPageSchema = z.strictObject({
  posts: z.array(
    z.strictObject({
      id,
      content: z.string(),
      topicId: id,
      parentId: id.nullable(),
      userId: id,
      createdAt: isoDateTime,
      isEdited: z.boolean(),
      editedAt: isoDateTime.nullable(),
      user: forumAuthorSchema,
      html: z.string(),
      reactions: reactionSummarySchema,
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** POST /api/forum/topics: the topic she created (its slug for the page she goes to). */
export const createdTopicSchema = z.strictObject({
  id,
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  categoryId: id,
  userId: id,
  createdAt: isoDateTime,
});
/** POST /api/forum/posts: the reply she wrote. */
export const createdReplySchema = z.strictObject({
  id,
  content: z.string(),
  topicId: id,
  parentId: id.nullable(),
  userId: id,
  createdAt: isoDateTime,
  isEdited: z.boolean(),
});
export const editedReplySchema = z.strictObject({
  id,
  content: z.string(),
  html: z.string(),
  isEdited: z.boolean(),
  editedAt: isoDateTime.nullable(),
});
export const deletedReplySchema = z.strictObject({ deleted: z.literal(true) });
export const reactionAnswerSchema = z.strictObject({
  postId: id,
  reactionType: z.enum(REACTION_TYPES),
  active: z.boolean(),
  reactions: reactionSummarySchema,
});
export const topicViewSchema = z.strictObject({ views: z.number().int().nonnegative(), counted: z.boolean() });
export const reportAnswerSchema = z.strictObject({ reported: z.literal(true), hidden: z.boolean() });
export const blockAnswerSchema = z.strictObject({ blocked: z.boolean(), userId: id });
export const blockedMemberSchema = z.strictObject({
  id,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  blockedAt: isoDateTime,
});
export const forumPreferencesSchema = z.strictObject({ emailOnReplies: z.boolean() });

export const searchHitSchema = z.strictObject({
  id,
  title: z.string(),
  slug: z.string(),
  /** The title and an excerpt of the best-matching text, with the highlight marks. */
  titleHighlighted: z.string(),
  excerptHighlighted: z.string(),
  category: z.strictObject({ slug: z.string(), name: z.string() }),
  authorName: z.string(),
  lastPostAt: isoDateTime,
});

// What server components hand the forum's client components (rows as queried: dates are Dates).

export interface ForumCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  icon: string | null;
  color: string | null;
  isPrivate: boolean;
  requiredMembershipLevel: string | null;
  position: number;
  archived: boolean;
  topicCount: number;
  /** Her tier does not open it: the name, description and count show, never a topic. */
  locked: boolean;
}

export interface ForumAuthor {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  membershipLevel: string | null;
  bio: string | null;
  memberSince: string | null;
  /** Her level from points (not her tier, which is membershipLevel). */
  pointsLevel: MemberLevel;
}

/** What a topic's list entry and its page both show. */
interface TopicBase {
  id: number;
  title: string;
  slug: string;
  userId: number;
  categoryId: number;
  views: number;
  isPinned: boolean;
  isLocked: boolean;
  createdAt: Date;
  replyCount: number;
  user: ForumAuthor;
}

export interface TopicSummary extends TopicBase {
  lastPostAt: Date;
  preview: string;
  category: { slug: string; name: string };
}

/** A topic as its page shows it; `html` is its Markdown cooked into sanitized HTML when written. */
export interface TopicDetail extends TopicBase {
  content: string;
  html: string;
  updatedAt: Date;
  category: { id: number; slug: string; name: string; archived: boolean };
}

/** Each reaction type's count on a post and whether the reader gave it. */
export type ReactionSummary = Record<ReactionType, { count: number; mine: boolean }>;

/** A reply as the topic page shows it. */
export interface Reply {
  id: number;
  content: string;
  html: string;
  topicId: number;
  parentId: number | null;
  userId: number;
  createdAt: Date;
  isEdited: boolean;
  editedAt: Date | null;
  user: ForumAuthor;
  reactions: ReactionSummary;
}

/** A search result: title and excerpt carry the highlight marks (HIGHLIGHT_START, HIGHLIGHT_END). */
export interface SearchHit {
  id: number;
  title: string;
  slug: string;
  titleHighlighted: string;
  excerptHighlighted: string;
  category: { slug: string; name: string };
  authorName: string;
  lastPostAt: string;
}
