import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf, updatedAt } from "./helpers";
import { FORUM_POST_STATUSES, REACTION_TYPES } from "@/features/forum/constants";
import { TIER_IDS } from "@/features/membership/constants";

/** PostgreSQL's full-text document type; the forum's columns of it are generated from the text. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
import { membershipTiers } from "./tiers";
import { users } from "./users";

export const forumCategories = pgTable(
  "forum_categories",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(""),
    icon: text(),
    color: text(),
    isPrivate: boolean().notNull().default(false),
    requiredMembershipLevel: text().references(() => membershipTiers.id),
    position: integer().notNull().default(0),
    /** An archived category stays readable but takes no new topics or replies (one with topics cannot be deleted). */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("forum_categories_slug_key").on(t.slug),
    oneOf("forum_categories_level_check", t.requiredMembershipLevel, TIER_IDS),
  ],
);

export const forumTopics = pgTable(
  "forum_topics",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    slug: text().notNull(),
    content: text().notNull(),
    /** The opening post cooked into sanitized HTML when written or edited (src/lib/markdown/cook.ts); null until the background backfill (the forum.cook job) reaches an older row. */
    contentHtml: text(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => forumCategories.id, { onDelete: "cascade" }),
    views: integer().notNull().default(0),
    isPinned: boolean().notNull().default(false),
    isLocked: boolean().notNull().default(false),
    lastPostAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Title (weight A) and opening post (weight B), for the forum search. */
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("forum_topics_slug_key").on(t.slug),
    // Keyset pagination: pinned first, then newest activity, id breaking ties.
    index("forum_topics_category_idx").on(t.categoryId, t.isPinned.desc(), t.lastPostAt.desc(), t.id.desc()),
    index("forum_topics_recent_idx").on(t.isPinned.desc(), t.lastPostAt.desc(), t.id.desc()),
    index("forum_topics_user_idx").on(t.userId),
    // The admin dashboard counts topics and replies per day of a period.
    index("forum_topics_created_idx").on(t.createdAt),
    index("forum_topics_search_idx").using("gin", t.searchVector),
  ],
);

export const forumPosts = pgTable(
  "forum_posts",
  {
    id: serial().primaryKey(),
    content: text().notNull(),
    /** The reply cooked into sanitized HTML when written or edited; null until the background backfill (the forum.cook job) reaches an older row. */
    contentHtml: text(),
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => forumPosts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isEdited: boolean().notNull().default(false),
    editedAt: timestamp({ withTimezone: true }),
    /** visible; hidden once reported by enough members, until an admin decides; removed by an admin. */
    status: text().notNull().default("visible"),
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('english', content)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("forum_posts_topic_idx").on(t.topicId, t.createdAt, t.id),
    index("forum_posts_user_idx").on(t.userId),
    index("forum_posts_created_idx").on(t.createdAt),
    index("forum_posts_search_idx").using("gin", t.searchVector),
    index("forum_posts_moderation_idx")
      .on(t.status)
      .where(sql`status <> 'visible'`),
    oneOf("forum_posts_status_check", t.status, FORUM_POST_STATUSES),
  ],
);

export const forumReactions = pgTable(
  "forum_reactions",
  {
    postId: integer()
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reactionType: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId, t.reactionType] }),
    oneOf("forum_reactions_type_check", t.reactionType, REACTION_TYPES),
  ],
);

/** A member's report of a reply; one per member per post. */
export const forumReports = pgTable(
  "forum_reports",
  {
    id: serial().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    reporterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("forum_reports_post_reporter_key").on(t.postId, t.reporterId),
    index("forum_reports_open_idx")
      .on(t.postId)
      .where(sql`resolved_at is null`),
  ],
);

/** blockerId no longer sees blockedId's topics and replies, and neither can reply to the other. */
export const forumBlocks = pgTable(
  "forum_blocks",
  {
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("forum_blocks_blocked_idx").on(t.blockedId),
    check("forum_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** When a member last counted as a viewer of a topic (a view counts once per member per topic per hour). */
export const forumTopicViews = pgTable(
  "forum_topic_views",
  {
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] })],
);

/**
 * A participant's choice for one topic: whether she unsubscribed from it (no reply notifications from
 * it). Its token is in reply emails sent before the one notification pipeline, whose links still work
 * (src/server/forum/notifications.ts); `last_emailed_at` is theirs too.
 */
export const forumTopicSubscriptions = pgTable(
  "forum_topic_subscriptions",
  {
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unsubscribeToken: text().notNull(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    lastEmailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.userId] }),
    uniqueIndex("forum_topic_subscriptions_token_key").on(t.unsubscribeToken),
  ],
);
