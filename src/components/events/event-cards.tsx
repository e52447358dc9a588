import Link from "next/link";
import { CalendarDays, Clock, MapPin } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { PublicEvent } from "@/features/events/schemas";
import { shortenAtWord } from "@/lib/format";
import { EventImage } from "./event-image";

const FEATURED_DESCRIPTION_LENGTH = 220;

export function AccessBadge({ accessType }: { accessType: PublicEvent["accessType"] }) {
  return accessType === "members" ? (
    <Badge variant="secondary">Members Only</Badge>
  ) : (
    <Badge variant="outline">Open to All</Badge>
  );
}

function When({ event }: { event: PublicEvent }) {
  return (
    <ul className="grid gap-1 text-sm text-muted-foreground">
      <li className="flex items-center gap-2">
        <CalendarDays aria-hidden className="size-4 shrink-0" />
        {event.date}
      </li>
      <li className="flex items-center gap-2">
        <Clock aria-hidden className="size-4 shrink-0" />
        {event.time}
      </li>
      <li className="flex items-start gap-2">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">{event.location}</span>
      </li>
    </ul>
  );
}

export function FeaturedEventCard({ event }: { event: PublicEvent }) {
  return (
    <article
      aria-labelledby={`featured-${event.id}`}
      className="grid overflow-hidden rounded-xl border bg-card shadow-sm md:grid-cols-2"
      data-testid="featured-event"
    >
      <EventImage eventId={event.id} src={event.image} className="aspect-[16/10] h-full w-full" />
      <div className="grid content-center gap-4 p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>Featured</Badge>
          <AccessBadge accessType={event.accessType} />
        </div>
        <h3 id={`featured-${event.id}`} className="text-2xl font-semibold">
          {event.title}
        </h3>
        <When event={event} />
        {/* Shortened as text, not clamped by height: WCAG 1.4.12's spacing must not push any of it out of view. */}
        <p className="text-muted-foreground">{shortenAtWord(event.description, FEATURED_DESCRIPTION_LENGTH)}</p>
        <Button asChild size="lg" className="w-fit">
          <Link href={`/events/${event.id}`} aria-label={`Get Tickets: ${event.title}`}>
            Get Tickets
          </Link>
        </Button>
      </div>
    </article>
  );
}

export function EventCard({ event }: { event: PublicEvent }) {
  return (
    <article
      aria-labelledby={`event-${event.id}`}
      className="flex w-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm"
      data-testid="event-card"
    >
      <EventImage eventId={event.id} src={event.image} className="aspect-[16/10] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {/* In a row of its own, so the badge is as wide as its words, not the card. */}
        <div className="flex flex-wrap gap-2">
          <AccessBadge accessType={event.accessType} />
        </div>
        <h3 id={`event-${event.id}`} className="text-lg font-semibold">
          {event.title}
        </h3>
        <When event={event} />
        <Button asChild variant="outline" className="mt-auto w-fit">
          {/* The aria-label names the link (Chromium names the hidden span's words with a stray space in this
              flex link); the hidden span puts the title in its text too, which search engines read. */}
          <Link href={`/events/${event.id}`} aria-label={`Learn More: ${event.title}`}>
            Learn More<span className="sr-only">: {event.title}</span>
          </Link>
        </Button>
      </div>
    </article>
  );
}
