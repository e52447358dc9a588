"use client";

import { useAnnouncement } from "@/hooks/use-live-region";

/**
 * The page's one polite live region, mounted once in the root layout's providers. It is in the page from
 * the first render, empty, so that screen readers are already listening when something is said.
 */
export function LiveRegion() {
  const announcement = useAnnouncement();
  // A new node for each announcement: screen readers read an addition, even of the words said last.
  return (
    // aria-live without role="status": the page's own status messages (a count, a notice) keep that role to themselves.
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-region">
      <span key={announcement.id}>{announcement.text}</span>
    </div>
  );
}
