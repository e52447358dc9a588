"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCurrentUser } from "@/hooks/use-auth";
import { apiRequest } from "@/lib/api-client";
import { joinLinkQueryKey } from "@/features/events/constants";
import type { EventViewerPart } from "@/features/events/types";

const viewerKey = (eventId: number) => ["/api/events", eventId, "rsvp"] as const;

/**
 * Her part of a prerendered event page (GET /api/events/{id}/rsvp): her RSVP and the live count.
 * Visitors ask nothing; the page's prerendered count stands for them. The join link is JoinLink's.
 */
export function useEventViewer(eventId: number) {
  const { user, isLoading } = useCurrentUser();
  const part = useQuery({
    queryKey: viewerKey(eventId),
    queryFn: () => apiRequest<EventViewerPart>("GET", `/api/events/${eventId}/rsvp`),
    enabled: user !== null,
  });
  return { user, userPending: isLoading, part };
}

/** After her RSVP or its cancellation: the answer is the new state at once, then her part and the join link (which follows her RSVP) are asked again. */
export function useSetEventViewer(eventId: number) {
  const queryClient = useQueryClient();
  return (update: (part: EventViewerPart) => EventViewerPart) => {
    queryClient.setQueryData<EventViewerPart>(viewerKey(eventId), (part) => (part ? update(part) : part));
    void queryClient.invalidateQueries({ queryKey: viewerKey(eventId) });
    void queryClient.invalidateQueries({ queryKey: joinLinkQueryKey(eventId) });
  };
}
