"use client";

import Link from "next/link";
import { formatDistanceToNowStrict } from "date-fns";
import type { NotificationView } from "@/features/notifications/types";
import { markNotificationRead } from "@/hooks/use-notification-stream";
import { cn } from "@/lib/utils";

/** One notification: its whole line is the link to what it is about; following it marks it read. */
export function NotificationItem({
  notification,
  onOpen,
  compact,
}: {
  notification: NotificationView;
  onOpen?: (id: number) => void;
  compact?: boolean;
}) {
  const unread = notification.readAt === null;
  return (
    <Link
      href={notification.url}
      onClick={() => {
        if (unread) markNotificationRead(notification.id);
        onOpen?.(notification.id);
      }}
      className={cn(
        "flex items-start gap-3 rounded-md px-3 py-2.5 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        unread && "bg-secondary/60",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-primary" : "bg-transparent")}
      />
      <span className="grid min-w-0 gap-0.5">
        <span className={cn("break-words", unread && "font-semibold", compact && "line-clamp-3")}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {notification.title}
        </span>
        <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
          {formatDistanceToNowStrict(new Date(notification.createdAt), { addSuffix: true })}
        </time>
      </span>
    </Link>
  );
}
