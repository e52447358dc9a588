import { sameSitePath } from "@/lib/same-site-path";
import { z } from "@/lib/validation";
import { id, isoDateTime } from "@/features/api/json";
import { DELIVERIES, NOTIFICATION_KINDS } from "./constants";

/** One notification as GET /api/notifications and the stream answer it. */
export const notificationViewSchema = z.strictObject({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  /** The whole line, e.g. "Amara Okafor and 3 others reacted to your reply in “Pricing”". */
  title: z.string(),
  /** A path on this site: what it is about (src/lib/same-site-path.ts). */
  url: z.string().refine((url) => sameSitePath(url) === url, "A notification links to a path on this site"),
  actor: z.strictObject({ id, name: z.string(), profilePicture: z.string().nullable() }).nullable(),
  createdAt: isoDateTime,
  readAt: isoDateTime.nullable(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationPageSchema = z.strictObject({
  notifications: z.array(notificationViewSchema),
  unreadCount: z.number().int().nonnegative(),
  /** The cursor of the next (older) page, or null on the last one. */
  next: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.strictObject({ unreadCount: z.number().int().nonnegative() });
/** The stream's `unread` event: her unread notifications, and her conversations with unread messages among them. */
export const unreadCountsSchema = z.strictObject({
  unreadCount: z.number().int().nonnegative(),
  unreadMessages: z.number().int().nonnegative(),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** GET /api/notifications/preferences. */
export const notificationPreferencesSchema = z.strictObject({
  kinds: z.record(z.enum(NOTIFICATION_KINDS), z.strictObject({ delivery: z.enum(DELIVERIES), push: z.boolean() })),
  weeklyDigest: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
