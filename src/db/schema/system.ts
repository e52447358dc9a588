import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "./helpers";
import { users } from "./users";

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_created_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

/** Counters of rate-limiter-flexible's RateLimiterPostgres; the layout is the library's. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar({ length: 255 }).primaryKey(),
  points: integer().notNull().default(0),
  expire: bigint({ mode: "number" }),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * Next.js' page cache (prerendered and regenerated pages), shared by every app instance through
 * cache-handler.mjs, so that a page regenerated on one instance is what all of them serve. Entries are
 * per build: another build's HTML names other script files.
 */
export const nextCacheEntries = pgTable(
  "next_cache_entries",
  {
    buildId: text().notNull(),
    key: text().notNull(),
    /** The entry as v8.serialize writes it (HTML, RSC payload buffers, headers). */
    value: bytea().notNull(),
    lastModified: bigint({ mode: "number" }).notNull(),
    cacheControl: jsonb(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.key] }), index("next_cache_entries_updated_idx").on(t.updatedAt)],
);

/** When each cache tag (revalidatePath's path tags included) was last invalidated, in ms since the epoch. */
export const nextCacheTags = pgTable("next_cache_tags", {
  tag: text().primaryKey(),
  expiredAt: bigint({ mode: "number" }).notNull(),
});
