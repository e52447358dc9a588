import type { PublicEvent } from "@/features/events/schemas";
import { EventCard } from "./event-cards";

/** The grid under the featured event, or the empty-filter message. */
export function EventGrid({ events }: { events: readonly PublicEvent[] }) {
  if (events.length === 0) {
    return (
      <div className="rounded-xl border border-dashed p-8 text-center">
        <p className="font-semibold">No events found for this filter</p>
        <p className="mt-1 text-sm text-muted-foreground">Please try a different filter or check back later</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <li key={event.id} className="flex">
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
