import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, oneOf, updatedAt } from "./helpers";
import { CONTENT_STATUSES, CONTENT_TYPES } from "@/features/library/constants";
import { TIER_IDS } from "@/features/membership/constants";
import { membershipTiers } from "./tiers";
import { users } from "./users";

/** PostgreSQL's full-text document type; the library's is kept by triggers (migration 0011_library_search_triggers). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const contentCategories = pgTable(
  "content_categories",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(""),
    icon: text(),
    isPublic: boolean().notNull().default(true),
    requiredMembershipLevel: text().references(() => membershipTiers.id),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("content_categories_slug_key").on(t.slug),
    oneOf("content_categories_level_check", t.requiredMembershipLevel, TIER_IDS),
  ],
);

export const contentItems = pgTable(
  "content_items",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    slug: text().notNull(),
    summary: text().notNull().default(""),
    /** Article HTML, sanitized when saved and again when rendered. */
    content: text().notNull().default(""),
    contentType: text().notNull(),
    featuredImage: text(),
    isFeatured: boolean().notNull().default(false),
    isPublic: boolean().notNull().default(true),
    requiredMembershipLevel: text().references(() => membershipTiers.id),
    status: text().notNull().default("draft"),
    publishedAt: timestamp({ withTimezone: true }),
    viewCount: integer().notNull().default(0),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    categoryId: integer().references(() => contentCategories.id, { onDelete: "set null" }),
    videoUrl: text(),
    attachmentUrl: text(),
    externalUrl: text(),
    /** Minutes to read an article, from its words (docs/decisions/020-library.md); null for other types. */
    readingMinutes: integer(),
    /**
     * Title (weight A), tag names (B), summary (C) and the article's text (D), for the library search.
     * Written by triggers on this table and on content_item_tags / content_tags, never by the app.
     */
    searchVector: tsvector(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("content_items_slug_key").on(t.slug),
    oneOf("content_items_type_check", t.contentType, CONTENT_TYPES),
    oneOf("content_items_status_check", t.status, CONTENT_STATUSES),
    oneOf("content_items_level_check", t.requiredMembershipLevel, TIER_IDS),
    index("content_items_category_idx").on(t.categoryId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The lists' order exactly as queried (newest first, nulls first as PostgreSQL's DESC has them, id
    // breaking ties), so a page is read straight from the index instead of sorting every item.
    index("content_items_published_idx").on(t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Without a pending list (migration 0030): a search reads the index alone, never a list of recent
    // entries to scan; the library is written rarely and searched often.
    index("content_items_search_idx").using("gin", t.searchVector).with({ fastupdate: false }),
  ],
);

/**
 * Every lexeme the library's search vectors have held (migration 0031), kept by triggers on
 * content_items. A search expands its last word's prefix into these (content_search_query), so the
 * index is read for whole words, not a prefix. Words of deleted or edited items stay: an expansion
 * to a word no item holds finds nothing, and the prefix is used when a word has too many. No unique
 * key: a save would wait for (and could deadlock with) another's uncommitted new words; a word two
 * saves add at once is kept twice, which the expansion reads as one.
 */
export const contentSearchWords = pgTable("content_search_words", { word: text().notNull() }, (t) => [
  index("content_search_words_prefix_idx").using("btree", sql`${t.word} text_pattern_ops`),
]);

export const contentTags = pgTable(
  "content_tags",
  { id: serial().primaryKey(), name: text().notNull(), slug: text().notNull() },
  (t) => [uniqueIndex("content_tags_slug_key").on(t.slug)],
);

export const contentItemTags = pgTable(
  "content_item_tags",
  {
    contentId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => contentTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.tagId] }), index("content_item_tags_tag_idx").on(t.tagId)],
);

export const contentBookmarks = pgTable(
  "content_bookmarks",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentId] }), index("content_bookmarks_content_idx").on(t.contentId)],
);

/** One row per member, item and day (UTC): a view counts once a day however often she opens it. */
export const contentItemViews = pgTable(
  "content_item_views",
  {
    contentId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date().notNull(),
  },
  // The day index serves the admin dashboard's views per day.
  (t) => [primaryKey({ columns: [t.contentId, t.userId, t.day] }), index("content_item_views_day_idx").on(t.day)],
);
