"use client";

import * as React from "react";

const subscribe = () => () => {};

/** The event's start in the viewer's own time zone, shown only when it differs from the event's. */
export function ViewerTime({ startsAt, eventTimezone }: { startsAt: string; eventTimezone: string }) {
  const viewerZone = React.useSyncExternalStore(
    subscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );
  if (!viewerZone || viewerZone === eventTimezone) return null;
  const start = new Date(startsAt);
  const sameOffset =
    new Intl.DateTimeFormat("en-US", { timeZone: viewerZone, timeZoneName: "longOffset" }).format(start) ===
    new Intl.DateTimeFormat("en-US", { timeZone: eventTimezone, timeZoneName: "longOffset" }).format(start);
  if (sameOffset) return null;
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone: viewerZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(start);
  return <p className="text-sm text-muted-foreground">Your time: {text}</p>;
}
