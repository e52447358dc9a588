"use client";

import * as React from "react";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { RowFocusScope } from "@/components/ui/row-focus-scope";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { useEventViewer, useSetEventViewer } from "./use-event-viewer";

interface RsvpPanelProps {
  eventId: number;
  /** The event is for members: RSVP needs a membership tier. */
  membersOnly: boolean;
  /** The count when the page was prerendered; hers replaces it once loaded. */
  prerenderedCount: number;
  capacity: number | null;
  /** Open when the page was prerendered (not over, not cancelled). */
  open: boolean;
  /** When RSVPs close (the event's end, or its start without one): a prerendered page may outlive it. */
  closesAt: string;
}

const noSubscription = () => () => {};

/** Whether `instant` has passed, in the browser (the prerendered HTML cannot know; it says not). */
function usePassed(instant: string): boolean {
  return React.useSyncExternalStore(
    noSubscription,
    () => Date.parse(instant) < Date.now(),
    () => false,
  );
}

/** RSVP and cancel for a community event. The page is prerendered for everyone; her state loads here. */
export function RsvpPanel({
  eventId,
  membersOnly,
  prerenderedCount,
  capacity,
  open: openWhenPrerendered,
  closesAt,
}: RsvpPanelProps) {
  const passed = usePassed(closesAt);
  const open = openWhenPrerendered && !passed;
  const { user, userPending, part } = useEventViewer(eventId);
  const setPart = useSetEventViewer(eventId);
  const rsvp = useMutation({
    mutationFn: () => apiRequest<{ goingCount: number }>("POST", `/api/events/${eventId}/rsvp`),
    onSuccess: (result) => {
      setPart((state) => ({ ...state, going: true, goingCount: result.goingCount }));
      toast({ title: "You're going!", description: "Your RSVP is saved. See you there." });
    },
    onError: (error) => toastError("RSVP failed", errorMessage(error, "Something went wrong. Please try again.")),
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/events/${eventId}/rsvp`),
    onSuccess: () => {
      setPart((state) => ({
        ...state,
        going: false,
        goingCount: Math.max(0, state.goingCount - (state.going ? 1 : 0)),
      }));
      toast({ title: "RSVP cancelled", description: "We have let the hosts know you can't make it." });
    },
    onError: (error) => toastError("Cancel failed", errorMessage(error, "Something went wrong. Please try again.")),
  });
  const count = part.data?.goingCount ?? prerenderedCount;
  const full = capacity !== null && count >= capacity;
  const busy = rsvp.isPending || cancel.isPending;
  const allowed = !membersOnly || (user !== null && (user.isAdmin || user.membershipLevel !== null));
  const loading = userPending || (user !== null && part.isPending);

  return (
    // RSVP gives way to Cancel RSVP and back: RowFocusScope moves her focus to the button now in its place.
    <RowFocusScope>
      <div className="grid gap-3" data-testid="rsvp-panel" aria-busy={loading} data-row>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {count} going{capacity !== null ? ` · ${Math.max(0, capacity - count)} of ${capacity} spots left` : ""}
        </p>
        {!open ? (
          <p className="font-medium">RSVPs are closed for this event.</p>
        ) : loading ? (
          <p className="text-sm text-muted-foreground">Checking your RSVP…</p>
        ) : user === null ? (
          <Button asChild size="lg">
            <Link href={`/login?next=${encodeURIComponent(`/events/${eventId}`)}`}>Sign in to RSVP</Link>
          </Button>
        ) : part.isError ? (
          <p className="font-medium" role="alert">
            {errorMessage(part.error, "Your RSVP could not be loaded. Please reload the page.")}
          </p>
        ) : part.data?.going ? (
          <>
            <p className="font-medium text-success" role="status">
              You&apos;re going.
            </p>
            <Button variant="outline" pending={busy} pendingLabel="Cancelling..." onClick={() => cancel.mutate()}>
              Cancel RSVP
            </Button>
          </>
        ) : !allowed ? (
          <p className="font-medium">This event is for members. A membership is needed to RSVP.</p>
        ) : full ? (
          <p className="font-medium">Sorry, this event is full.</p>
        ) : (
          <Button size="lg" pending={busy} pendingLabel="Saving..." onClick={() => rsvp.mutate()}>
            RSVP
          </Button>
        )}
      </div>
    </RowFocusScope>
  );
}
