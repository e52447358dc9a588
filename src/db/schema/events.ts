import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
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
import {
  EVENT_ACCESS_TYPES,
  EVENT_SOURCES,
  EVENT_STATUSES,
  EVENT_TYPES,
  LUMA_SYNC_STATUSES,
  RSVP_STATUSES,
} from "@/features/events/constants";
import { users } from "./users";

/**
 * The site search's words of an event (src/server/search): title (weight A) and description (B). The
 * query must use this same expression for the index to serve it.
 */
export function eventSearchVector(t: Record<"title" | "description", AnyPgColumn>): SQL {
  return sql`(setweight(to_tsvector('english', ${t.title}), 'A') || setweight(to_tsvector('english', ${t.description}), 'B'))`;
}

export const events = pgTable(
  "events",
  {
    id: serial().primaryKey(),
    source: text().notNull(),
    /** Luma's api_id for Luma events. */
    externalId: text(),
    title: text().notNull(),
    description: text().notNull().default(""),
    imageUrl: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    /** IANA zone the event's wall-clock times are given in. */
    timezone: text().notNull(),
    locationName: text(),
    address: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    onlineUrl: text(),
    url: text(),
    featured: boolean().notNull().default(false),
    accessType: text().notNull().default("public"),
    type: text().notNull().default("public"),
    capacity: integer(),
    status: text().notNull().default("scheduled"),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    lastSyncedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf("events_source_check", t.source, EVENT_SOURCES),
    oneOf("events_access_type_check", t.accessType, EVENT_ACCESS_TYPES),
    oneOf("events_type_check", t.type, EVENT_TYPES),
    oneOf("events_status_check", t.status, EVENT_STATUSES),
    uniqueIndex("events_source_external_key")
      .on(t.source, t.externalId)
      .where(sql`external_id is not null`),
    index("events_source_starts_idx").on(t.source, t.startsAt),
    index("events_source_type_starts_idx").on(t.source, t.type, t.startsAt),
    index("events_search_idx").using("gin", eventSearchVector(t)),
  ],
);

export const eventRsvps = pgTable(
  "event_rsvps",
  {
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text().notNull().default("going"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    oneOf("event_rsvps_status_check", t.status, RSVP_STATUSES),
    index("event_rsvps_user_idx").on(t.userId),
  ],
);

/** "Request Event Info" for private events. */
export const eventInquiries = pgTable(
  "event_inquiries",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    organization: text(),
    eventType: text().notNull(),
    preferredDate: text(),
    guestCount: integer(),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("event_inquiries_created_idx").on(t.createdAt.desc().nullsFirst())],
);

/** Each Luma sync, so that admins see when Luma last synced and with what result. */
export const lumaSyncRuns = pgTable(
  "luma_sync_runs",
  {
    id: serial().primaryKey(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text().notNull(),
    fetched: integer().notNull().default(0),
    upserted: integer().notNull().default(0),
    cancelled: integer().notNull().default(0),
    /** Private events Luma listed, which we do not show. */
    skipped: integer().notNull().default(0),
    message: text(),
  },
  (t) => [
    oneOf("luma_sync_runs_status_check", t.status, LUMA_SYNC_STATUSES),
    index("luma_sync_runs_finished_idx").on(t.finishedAt.desc().nullsFirst()),
  ],
);
