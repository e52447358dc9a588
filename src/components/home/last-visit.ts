"use client";

import * as React from "react";

const KEY = "members-home:visit";
/** A visit ends after this long without opening the home; the next one counts from its last moment. */
const VISIT_GAP_MS = 60 * 60 * 1000;

interface StoredVisit {
  /** When the home was last opened. */
  seenAt: string;
  /** When the visit before this one ended: what "since your last visit" counts from. */
  previous: string | null;
}

function read(): StoredVisit | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "null") as StoredVisit | null;
    return stored && typeof stored.seenAt === "string" ? stored : null;
  } catch {
    return null;
  }
}

let thisPageLoad: { since: string | null } | undefined;

/** Records this visit once per page load and answers when the visit before it ended. */
function recordVisit(): string | null {
  if (thisPageLoad) return thisPageLoad.since;
  const now = new Date();
  const stored = read();
  const sameVisit = stored !== null && now.getTime() - new Date(stored.seenAt).getTime() < VISIT_GAP_MS;
  const previous = sameVisit ? stored.previous : (stored?.seenAt ?? null);
  try {
    localStorage.setItem(KEY, JSON.stringify({ seenAt: now.toISOString(), previous } satisfies StoredVisit));
  } catch {
    // Private browsing without storage: every visit counts from the server's lookback.
  }
  thisPageLoad = { since: previous };
  return previous;
}

const noSubscription = () => () => {};

/**
 * Her last visit, kept by this browser (the server bounds it, src/server/home): undefined while the
 * page is prerendered, null on her first visit here. Opening the home again within the hour keeps the
 * same "since", so a reload does not empty it.
 */
export function useLastVisit(): string | null | undefined {
  return React.useSyncExternalStore(noSubscription, recordVisit, () => undefined);
}
