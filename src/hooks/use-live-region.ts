"use client";

import * as React from "react";

/*
 * What the page's one live region says (docs/decisions/037-focus-after-an-action.md): a pending button
 * what it is doing, a toast what happened, an action with no toast (a direct message sent) its outcome.
 * Rendered by LiveRegion (src/components/ui/live-region.tsx), which is in every page from the start.
 */

export interface Announcement {
  id: number;
  text: string;
}

const SILENT: Announcement = { id: 0, text: "" };
let current = SILENT;
const listeners = new Set<() => void>();

/** Says `text` to screen readers; the same words twice are said twice. */
export function announce(text: string): void {
  current = { id: current.id + 1, text };
  for (const listener of listeners) listener();
}

export function getAnnouncement(): Announcement {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAnnouncement(): Announcement {
  return React.useSyncExternalStore(subscribe, getAnnouncement, () => SILENT);
}
