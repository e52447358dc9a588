// What the notification centre knows about each kind, shared by the server and the browser.

import { sameSitePath } from "@/lib/same-site-path";

export const NOTIFICATION_KINDS = [
  "forum_reply",
  "forum_mention",
  "forum_reaction",
  "mentorship_request",
  "mentorship_answer",
  "library_item",
  "event_reminder",
  "announcement",
  "direct_message",
  "first_steps",
  "lesson_opened",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Her name for each kind, in her settings and the page's filter. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  forum_reply: "Replies",
  forum_mention: "Mentions",
  forum_reaction: "Reactions",
  mentorship_request: "Mentorship requests",
  mentorship_answer: "Mentorship answers",
  library_item: "New library items",
  event_reminder: "Event reminders",
  announcement: "Announcements",
  direct_message: "Direct messages",
  first_steps: "Welcome and first steps",
  lesson_opened: "Lessons opening",
};

/** Where a notification of each kind reaches her besides the app: at once, in a digest, or not at all. */
export const DELIVERIES = ["app", "email", "daily", "weekly", "off"] as const;
export type Delivery = (typeof DELIVERIES)[number];

export const DELIVERY_LABELS: Record<Delivery, string> = {
  app: "In the app only",
  email: "Email at once",
  daily: "Daily digest",
  weekly: "Weekly digest",
  off: "Off",
};

/** Sensible defaults: no email for reactions or announcements' flood, email at once for what needs an answer. */
export const DEFAULT_DELIVERY: Record<NotificationKind, Delivery> = {
  forum_reply: "email",
  forum_mention: "email",
  forum_reaction: "app",
  mentorship_request: "email",
  mentorship_answer: "email",
  library_item: "weekly",
  event_reminder: "email",
  announcement: "email",
  direct_message: "email",
  first_steps: "email",
  // A course's next lesson: at once, as a class would tell her (docs/decisions/054-course-discussion-and-admin.md).
  lesson_opened: "email",
};

/** Notifications a page of GET /api/notifications holds, and the bell's panel shows. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const PANEL_SIZE = 8;

/** Where a notification without a link of its own, or with one that would leave the site, takes her. */
export const NOTIFICATIONS_PATH = "/notifications";

/** A notification's link as it is sent (the list, the stream, a push, an email): a path on this site, or her notifications. */
export const notificationLink = (url: string | null | undefined): string => sameSitePath(url) ?? NOTIFICATIONS_PATH;
