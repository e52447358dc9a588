// Shared by the events server module and the browser.

/** What the prerendered event page leaves to the browser: her RSVP, the live count and, when she may have it, the join link. */
export interface EventViewerPart {
  going: boolean;
  goingCount: number;
  joinUrl: string | null;
}
