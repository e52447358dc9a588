import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf, updatedAt } from "./helpers";
import { BLOG_STATUSES } from "@/features/blog/constants";
import { CMS_PAGES } from "@/features/cms/constants";
import { users } from "./users";

/** Editable sections of the public pages. */
export const contentSections = pgTable(
  "content_sections",
  {
    id: serial().primaryKey(),
    page: text().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    position: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf("content_sections_page_check", t.page, CMS_PAGES),
    index("content_sections_page_position_idx").on(t.page, t.position),
  ],
);

/**
 * The site search's words of a blog post (src/server/search): title (weight A), excerpt (B) and body
 * (C). The query must use this same expression for the index to serve it.
 */
export function blogSearchVector(t: Record<"title" | "excerpt" | "body", AnyPgColumn>): SQL {
  return sql`(setweight(to_tsvector('english', ${t.title}), 'A') || setweight(to_tsvector('english', ${t.excerpt}), 'B') || setweight(to_tsvector('english', ${t.body}), 'C'))`;
}

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial().primaryKey(),
    slug: text().notNull(),
    title: text().notNull(),
    excerpt: text().notNull(),
    /** Markdown, rendered without raw HTML. */
    body: text().notNull(),
    authorName: text().notNull(),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    category: text().notNull(),
    imageUrl: text(),
    status: text().notNull().default("draft"),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    oneOf("blog_posts_status_check", t.status, BLOG_STATUSES),
    index("blog_posts_status_published_idx").on(t.status, t.publishedAt.desc().nullsFirst()),
    index("blog_posts_search_idx").using("gin", blogSearchVector(t)),
  ],
);

export const testimonials = pgTable("testimonials", {
  id: serial().primaryKey(),
  quote: text().notNull(),
  name: text().notNull(),
  title: text().notNull(),
  image: text(),
  position: integer().notNull().default(0),
});

export const photoTiles = pgTable("photo_tiles", {
  id: serial().primaryKey(),
  imageUrl: text().notNull(),
  link: text().notNull(),
  alt: text().notNull().default(""),
  position: integer().notNull().default(0),
});

/** Site name, contact details, links and switches such as trialDays; read through src/server/settings. */
export const siteSettings = pgTable("site_settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
});
