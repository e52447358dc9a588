"use client";

import * as React from "react";

/*
 * One polite live region for the whole page (docs/decisions/033-focus-after-an-action.md): it is in the
 * page from the first render, empty, so that screen readers are already listening when something is
 * said. A pending button says what it is doing here; an action whose outcome no toast reports (a direct
 * message sent, a row dismissed) says what happened.
 */

interface Announcement {
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounted once, in the root layout's providers. */
export function LiveRegion() {
  const announcement = React.useSyncExternalStore(
    subscribe,
    () => current,
    () => SILENT,
  );
  // A new node for each announcement: screen readers read an addition, even of the words said last.
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-region">
      <span key={announcement.id}>{announcement.text}</span>
    </div>
  );
}
