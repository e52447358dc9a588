import { z } from "zod";
import { NOTIFICATION_KINDS } from "./constants";

// Shared by the route handlers and the screens; no server-only imports here.

const ids = z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1, "Choose at least one notification").max(200);

export const notificationListQuerySchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  unread: z.enum(["1", "true"]).optional(),
  /** The `next` of the previous page. */
  after: z.string().regex(/^\d{1,19}$/, "This page link is not valid.").optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** `{ ids }` marks those read; `{ all: true }` marks every one (of `kind`, when given). */
export const markReadSchema = z.union([
  z.object({ ids }).strict(),
  z.object({ all: z.literal(true), kind: z.enum(NOTIFICATION_KINDS).optional() }).strict(),
]);
export type MarkReadInput = z.output<typeof markReadSchema>;
