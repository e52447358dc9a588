import type { Delivery, NotificationKind } from "./constants";

/** One notification as GET /api/notifications and the stream answer it (issue 29). */
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  /** The whole line, e.g. "Amara Okafor and 3 others reacted to your reply in “Pricing”". */
  title: string;
  /** A path on this site: what it is about. */
  url: string;
  actor: { id: number; name: string; profilePicture: string | null } | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationPage {
  notifications: NotificationView[];
  unreadCount: number;
  /** The cursor of the next (older) page, or null on the last one. */
  next: string | null;
}

/** GET /api/notifications/preferences. */
export interface NotificationPreferences {
  kinds: Record<NotificationKind, { delivery: Delivery; push: boolean }>;
  weeklyDigest: boolean;
}
