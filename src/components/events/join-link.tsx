"use client";

import { useQuery } from "@tanstack/react-query";
import { Video } from "lucide-react";
import { joinLinkQueryKey } from "@/features/events/constants";
import type { EventJoinLink } from "@/features/events/types";
import { apiRequest } from "@/lib/api-client";

const NEEDS: Record<NonNullable<EventJoinLink["needs"]>, string> = {
  "sign-in": "Members who sign in and RSVP see the link to join here.",
  membership: "The link to join is for members.",
  rsvp: "RSVP to see the link to join.",
};

/** A members-only event's link to join, loaded for whoever may see it (never in the page itself). */
export function JoinLink({ eventId }: { eventId: number }) {
  const link = useQuery({
    queryKey: joinLinkQueryKey(eventId),
    queryFn: () => apiRequest<EventJoinLink>("GET", `/api/events/${eventId}/join-link`),
  });
  if (!link.data || (!link.data.url && !link.data.needs)) return null;
  return (
    <li className="flex items-start gap-3" data-testid="join-link">
      <Video aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      {link.data.url ? (
        <a
          href={link.data.url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-primary underline underline-offset-4"
        >
          Join online<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <span>Online. {NEEDS[link.data.needs!]}</span>
      )}
    </li>
  );
}
