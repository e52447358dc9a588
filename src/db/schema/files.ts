import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "./helpers";
import { FILE_ACCESS, FILE_PURPOSES } from "@/features/storage/constants";
import { users } from "./users";

/**
 * Uploaded files (docs/decisions/018-files-uploads.md): the bytes live in the storage backend (local disk or S3) under
 * `key`; this row says what they are and who may read them.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull(),
    purpose: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** The name the uploader's file had, for downloads; never used to decide the type. */
    originalName: text(),
    uploadedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /**
     * members: any signed-in member; uploader: only who uploaded it (and admins) until a feature
     * attaches it; gated: the feature that owns `gateId` decides (e.g. a library item and its tier).
     */
    access: text().notNull().default("uploader"),
    gateKind: text(),
    gateId: integer(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    oneOf("stored_files_purpose_check", t.purpose, FILE_PURPOSES),
    oneOf("stored_files_access_check", t.access, FILE_ACCESS),
    index("stored_files_gate_idx").on(t.gateKind, t.gateId),
    index("stored_files_uploader_idx").on(t.uploadedBy, t.createdAt.desc().nullsFirst()),
  ],
);
