"use client";

import * as React from "react";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { joinLinkQueryKey } from "@/features/events/types";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

interface RsvpPanelProps {
  eventId: number;
  signedIn: boolean;
  /** False when the event is members-only and the user holds no membership. */
  allowed: boolean;
  initiallyGoing: boolean;
  initialCount: number;
  capacity: number | null;
  open: boolean;
}

/** RSVP and cancel for a community event, for signed-in members. */
export function RsvpPanel({ eventId, signedIn, allowed, initiallyGoing, initialCount, capacity, open }: RsvpPanelProps) {
  const [going, setGoing] = React.useState(initiallyGoing);
  const [count, setCount] = React.useState(initialCount);
  // A members-only event's link to join shows once she is going (src/server/events/join-link.ts).
  const queryClient = useQueryClient();
  const refreshJoinLink = () => queryClient.invalidateQueries({ queryKey: joinLinkQueryKey(eventId) });
  const rsvp = useMutation({
    mutationFn: () => apiRequest<{ goingCount: number }>("POST", `/api/events/${eventId}/rsvp`),
    onSuccess: (result) => {
      setGoing(true);
      setCount(result.goingCount);
      void refreshJoinLink();
      toast({ title: "You're going!", description: "Your RSVP is saved. See you there." });
    },
    onError: (error) => toast({ title: "RSVP failed", description: errorMessage(error, "Something went wrong. Please try again."), variant: "destructive" }),
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/events/${eventId}/rsvp`),
    onSuccess: () => {
      setGoing(false);
      setCount((n) => Math.max(0, n - 1));
      void refreshJoinLink();
      toast({ title: "RSVP cancelled", description: "We have let the hosts know you can't make it." });
    },
    onError: (error) => toast({ title: "Cancel failed", description: errorMessage(error, "Something went wrong. Please try again."), variant: "destructive" }),
  });
  const full = capacity !== null && count >= capacity;
  const busy = rsvp.isPending || cancel.isPending;

  return (
    <div className="grid gap-3" data-testid="rsvp-panel">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {count} going{capacity !== null ? ` · ${Math.max(0, capacity - count)} of ${capacity} spots left` : ""}
      </p>
      {!open ? (
        <p className="font-medium">RSVPs are closed for this event.</p>
      ) : !signedIn ? (
        <Button asChild size="lg">
          <Link href={`/login?next=${encodeURIComponent(`/events/${eventId}`)}`}>Sign in to RSVP</Link>
        </Button>
      ) : going ? (
        <>
          <p className="font-medium text-success" role="status">
            You&apos;re going.
          </p>
          <Button variant="outline" disabled={busy} onClick={() => cancel.mutate()}>
            {cancel.isPending ? "Cancelling..." : "Cancel RSVP"}
          </Button>
        </>
      ) : !allowed ? (
        <p className="font-medium">This event is for members. A membership is needed to RSVP.</p>
      ) : full ? (
        <p className="font-medium">Sorry, this event is full.</p>
      ) : (
        <Button size="lg" disabled={busy} onClick={() => rsvp.mutate()}>
          {rsvp.isPending ? "Saving..." : "RSVP"}
        </Button>
      )}
    </div>
  );
}
