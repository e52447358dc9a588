import Link from "next/link";
import { EventImage } from "@/components/events/event-image";
import type { ProfileEvent } from "@/features/profiles/types";

/** My Events: her next events she is going to, then the next upcoming ones (two in all). */
export function EventsTab({ events }: { events: ProfileEvent[] }) {
  if (events.length === 0) return <p className="text-muted-foreground">No upcoming events right now.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {events.map((event) => (
        <li key={event.id} className="overflow-hidden rounded-lg border">
          <EventImage eventId={event.id} src={event.image} className="aspect-video w-full" />
          <div className="p-4">
            <h3 className="font-semibold">
              <Link href={`/events/${event.id}`} className="underline-offset-4 hover:underline">
                {event.title}
              </Link>
            </h3>
            <p className="text-sm text-muted-foreground">{event.date}</p>
            <p className="text-sm text-muted-foreground">{event.location}</p>
            {event.going ? <p className="mt-1 text-sm font-medium text-primary">Going</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
