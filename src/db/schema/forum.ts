import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, oneOf, updatedAt } from "./helpers";
import { REACTION_TYPES, TIER_IDS } from "./enums";
import { membershipTiers } from "./membership";
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("forum_topics_slug_key").on(t.slug),
    index("forum_topics_category_idx").on(t.categoryId, t.isPinned.desc(), t.lastPostAt.desc()),
    index("forum_topics_recent_idx").on(t.isPinned.desc(), t.lastPostAt.desc()),
    index("forum_topics_user_idx").on(t.userId),
  ],
);

export const forumPosts = pgTable(
  "forum_posts",
  {
    id: serial().primaryKey(),
    content: text().notNull(),
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => forumPosts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isEdited: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("forum_posts_topic_idx").on(t.topicId, t.createdAt), index("forum_posts_user_idx").on(t.userId)],
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
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.reactionType] }), oneOf("forum_reactions_type_check", t.reactionType, REACTION_TYPES)],
);
