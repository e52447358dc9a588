"use client";

import * as React from "react";
import type { NotificationView, UnreadCounts } from "@/features/notifications/types";

export type StreamEvent =
  { type: "notification"; notification: NotificationView } | ({ type: "unread" } & UnreadCounts);

/*
 * One EventSource per page for GET /api/notifications/stream, shared by the bell, the notifications
 * page and the messages screen. The browser reconnects by itself (the server says after 3 s) and
 * sends Last-Event-ID, from which the server resumes, so nothing is missed across a reconnect.
 */
let source: EventSource | null = null;
const listeners = new Set<(event: StreamEvent) => void>();
/** The stream's latest counts, for what mounts after they came (the mobile menu's Messages item). */
let latestCounts: UnreadCounts | null = null;
const countListeners = new Set<() => void>();

function open() {
  source = new EventSource("/api/notifications/stream");
  source.addEventListener("notification", (event) => {
    const notification = JSON.parse((event as MessageEvent<string>).data) as NotificationView;
    for (const listener of listeners) listener({ type: "notification", notification });
  });
  source.addEventListener("unread", (event) => {
    const counts = JSON.parse((event as MessageEvent<string>).data) as UnreadCounts;
    latestCounts = counts;
    for (const listener of countListeners) listener();
    for (const listener of listeners) listener({ type: "unread", ...counts });
  });
}

function subscribe(listener: (event: StreamEvent) => void): () => void {
  listeners.add(listener);
  if (!source) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
      latestCounts = null;
    }
  };
}

/** Calls `onEvent` for each live event while the component is mounted (only signed-in members mount it). */
export function useNotificationStream(onEvent: (event: StreamEvent) => void): void {
  const handler = React.useRef(onEvent);
  React.useEffect(() => {
    handler.current = onEvent;
  });
  React.useEffect(() => subscribe((event) => handler.current(event)), []);
}

function subscribeCounts(listener: () => void): () => void {
  countListeners.add(listener);
  const unsubscribe = subscribe(() => {});
  return () => {
    countListeners.delete(listener);
    unsubscribe();
  };
}

/** Her unread counts as the stream last sent them (null until it has), kept open while mounted. */
export function useUnreadCounts(): UnreadCounts | null {
  return React.useSyncExternalStore(
    subscribeCounts,
    () => latestCounts,
    () => null,
  );
}

/** Marks a notification read as she follows its link; keepalive lets it finish while the next page loads. */
export function markNotificationRead(id: number): void {
  void fetch("/api/notifications/read", {
    method: "POST",
    credentials: "include",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ids: [id] }),
  }).catch(() => {});
}
