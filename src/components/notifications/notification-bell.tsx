"use client";

import * as React from "react";
import Link from "next/link";
import { Bell } from "lucide-react";
import { CountBadge } from "@/components/ui/count-badge";
import { PANEL_SIZE } from "@/features/notifications/constants";
import type { NotificationPage, NotificationView } from "@/features/notifications/types";
import { useNotificationStream } from "@/hooks/use-notification-stream";
import { apiRequest } from "@/lib/api-client";
import { NotificationItem } from "./notification-item";

/**
 * The navbar's bell: her unread count, loaded in the browser and kept live by the stream,
 * and a panel of the latest notifications. A disclosure (button + region), not a menu: the panel
 * holds links and a button, and Tab moves through them.
 */
export default function NotificationBell() {
  const [count, setCount] = React.useState<number | null>(null);
  const [latest, setLatest] = React.useState<NotificationView[] | null>(null);
  const [open, setOpen] = React.useState(false);
  const [announcement, setAnnouncement] = React.useState("");
  const button = React.useRef<HTMLButtonElement>(null);
  const panel = React.useRef<HTMLDivElement>(null);
  const panelId = React.useId();

  // Members' browsers get the service worker (offline page, Web Push): the app can be installed on a phone.
  React.useEffect(() => {
    navigator.serviceWorker?.register("/sw.js", { scope: "/" }).catch(() => {});
  }, []);

  React.useEffect(() => {
    let mounted = true;
    apiRequest<NotificationPage>("GET", `/api/notifications?limit=${PANEL_SIZE}`).then(
      (page) => {
        if (!mounted) return;
        setCount(page.unreadCount);
        setLatest(page.notifications);
      },
      () => mounted && setLatest([]),
    );
    return () => {
      mounted = false;
    };
  }, []);

  useNotificationStream((event) => {
    if (event.type === "unread") setCount(event.unreadCount);
    else {
      setLatest((list) =>
        [event.notification, ...(list ?? []).filter((n) => n.id !== event.notification.id)].slice(0, PANEL_SIZE),
      );
      // One already read is about what she is looking at (a message in the conversation she has open).
      if (!event.notification.readAt) setAnnouncement(`New notification: ${event.notification.title}`);
    }
  });

  React.useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!panel.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const markAllRead = async () => {
    const result = await apiRequest<{ unreadCount: number }>("POST", "/api/notifications/read", { all: true });
    setCount(result.unreadCount);
    setLatest((list) => list?.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() })) ?? null);
  };

  const unread = count ?? 0;
  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        // Only while the panel is in the page: aria-controls must name an element that exists.
        aria-controls={open ? panelId : undefined}
        aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"}
        data-testid="notification-bell"
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex size-10 items-center justify-center rounded-full hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Bell aria-hidden="true" className="size-5" />
        <CountBadge count={unread} className="absolute -top-0.5 -right-0.5" />
      </button>
      {/* A polite live region, not role=status: pages keep their own single status message. */}
      <span aria-live="polite" className="sr-only">
        {announcement}
      </span>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label="Latest notifications"
          className="fixed inset-x-2 top-16 z-50 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-lg border bg-popover p-2 text-popover-foreground shadow-lg sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 px-3 py-2">
            <h2 className="text-base font-semibold">Notifications</h2>
            {unread > 0 ? (
              <button
                type="button"
                onClick={() => void markAllRead()}
                className="rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                Mark all read
              </button>
            ) : null}
          </div>
          {latest === null ? (
            <p className="px-3 py-4 text-sm text-muted-foreground">Loading…</p>
          ) : latest.length === 0 ? (
            <p className="px-3 py-4 text-sm text-muted-foreground">
              Nothing new yet. Replies, mentions, messages and more will show here.
            </p>
          ) : (
            <ul className="grid gap-1">
              {latest.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem compact notification={notification} onOpen={() => setOpen(false)} />
                </li>
              ))}
            </ul>
          )}
          <div className="mt-1 flex justify-between border-t px-3 pt-2 text-sm">
            <Link
              href="/notifications"
              onClick={() => setOpen(false)}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              See all notifications
            </Link>
            <Link
              href="/notifications/settings"
              onClick={() => setOpen(false)}
              className="text-muted-foreground underline-offset-4 hover:underline"
            >
              Settings
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
