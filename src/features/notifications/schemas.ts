import { z, bigIdSchema, sameSitePathField } from "@/lib/validation";
import { DELIVERIES, NOTIFICATION_KINDS, NOTIFICATIONS_PATH } from "./constants";

// Shared by the route handlers and the screens; no server-only imports here.

const ids = z.array(bigIdSchema).min(1, "Choose at least one notification").max(200);

export const notificationListQuerySchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  unread: z.enum(["1", "true"]).optional(),
  /** The `next` of the previous page. */
  after: bigIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** `{ ids }` marks those read; `{ all: true }` marks every one (of `kind`, when given). */
export const markReadSchema = z.union([
  z.object({ ids }).strict(),
  z.object({ all: z.literal(true), kind: z.enum(NOTIFICATION_KINDS).optional() }).strict(),
]);
export type MarkReadInput = z.output<typeof markReadSchema>;

const kindChoice = z.object({ delivery: z.enum(DELIVERIES), push: z.boolean() }).strict();

/** PUT /api/notifications/preferences: her choice for each kind (any subset), and the weekly digest. */
export const preferencesSchema = z
  .object({
    kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS), kindChoice).optional(),
    weeklyDigest: z.boolean().optional(),
  })
  .strict();
export type PreferencesInput = z.output<typeof preferencesSchema>;

/** The one-click unsubscribe of an email (RFC 8058): her token and what to stop ("digest": the weekly digest). */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(20).max(100),
  kind: z.enum([...NOTIFICATION_KINDS, "digest"]),
});

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, "Not a base64url key");

/** POST /api/push/subscriptions: what the browser's PushSubscription.toJSON() gives (RFC 8291 keys). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.url().max(1000) });

/** POST /api/admin/announcements: a line every member with a tier is notified of, and where it links. */
export const announcementSchema = z.object({
  title: z
    .string()
    .trim()
    .min(5, "The announcement must be at least 5 characters")
    .max(200, "The announcement must be no more than 200 characters"),
  url: sameSitePathField().default(NOTIFICATIONS_PATH),
});
export type AnnouncementInput = z.input<typeof announcementSchema>;
