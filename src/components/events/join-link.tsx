"use client";

import { useEventViewer } from "./use-event-viewer";

/**
 * A members-only online event's join link: never in the prerendered page, shown once the server says
 * she may have it (GET /api/events/{id}/rsvp).
 */
export function MembersJoinLink({ eventId }: { eventId: number }) {
  const { user, part } = useEventViewer(eventId);
  if (part.data?.joinUrl) {
    return (
      <a href={part.data.joinUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-4">
        Join online<span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return <span>{user !== null && part.isSuccess ? "Online: the link is for members." : "Online: members see the link here when signed in."}</span>;
}
