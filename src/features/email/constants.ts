import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from "@/features/notifications/constants";

/** "suppressed": a bulk email not sent because its address refuses mail (docs/decisions/044-one-unsubscribe.md). */
export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed", "suppressed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * The lists a bulk email belongs to, each stopped on its own by the one unsubscribe
 * (docs/decisions/044-one-unsubscribe.md): every notification kind, each digest, the newsletter.
 */
export const BULK_LISTS = [...NOTIFICATION_KINDS, "digest-daily", "digest-weekly", "newsletter"] as const;
export type BulkList = (typeof BULK_LISTS)[number];

/** What a list's emails are, as the unsubscribe page says it: "Stop emails about replies?" */
export function bulkListLabel(list: BulkList): string {
  if (list === "digest-daily") return "the daily digest";
  if (list === "digest-weekly") return "the weekly digest";
  if (list === "newsletter") return "the newsletter";
  return `emails about ${NOTIFICATION_KIND_LABELS[list].toLowerCase()}`;
}
