"use client";

import { useEventViewer } from "./use-event-viewer";

/**
 * A members-only online event's join link: never in the prerendered page, shown once the server says
 * she may have it (GET /api/events/{id}/rsvp: a member who is going), otherwise what she needs first.
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
  const needs = user === null ? "Members who sign in and RSVP see the link to join here." : user.isAdmin || user.membershipLevel !== null ? "RSVP to see the link to join." : "The link to join is for members.";
  return <span>Online. {needs}</span>;
}
