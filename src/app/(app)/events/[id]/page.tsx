import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CalendarDays, CalendarPlus, Clock, ExternalLink, MapPin, Video } from "lucide-react";
import { AccessBadge } from "@/components/events/event-cards";
import { EventImage } from "@/components/events/event-image";
import { JoinLink } from "@/components/events/join-link";
import { RsvpPanel } from "@/components/events/rsvp-panel";
import { ShareButton } from "@/components/events/share-button";
import { ViewerTime } from "@/components/events/viewer-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DATE_FORMAT, TIME_FORMAT } from "@/lib/format";
import { siteUrl } from "@/lib/http/site-url";
import { pageId } from "@/lib/page-input";
import { findEvent, formatInZone, goingCount, type EventRow } from "@/server/events/queries";
import { joinLinkIsPublic } from "@/server/events/join-link";
import { isEventOver } from "@/server/events/rsvp";
import { rsvpUrl } from "@/features/events/rules";
import { getSiteSettings } from "@/server/settings";
import { JsonLd } from "@/components/seo/json-ld";

type Params = PageProps<"/events/[id]">;

// Prerendered for everyone on its first visit, then expired by a Luma sync, an admin's edit or an RSVP
// (src/server/events/pages.ts); hourly otherwise. Her RSVP and a members-only join link load in the browser.
export const revalidate = 3600;

export function generateStaticParams(): Array<{ id: string }> {
  return [];
}

async function load(params: Params["params"]): Promise<EventRow> {
  const event = await findEvent(pageId((await params).id));
  if (!event) notFound();
  return event;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const event = await load(params);
  return { title: event.title, description: event.description.slice(0, 160) };
}

function mapLink(event: EventRow): string | null {
  if (event.latitude !== null && event.longitude !== null) {
    return `https://www.openstreetmap.org/?mlat=${event.latitude}&mlon=${event.longitude}#map=16/${event.latitude}/${event.longitude}`;
  }
  if (event.address) return `https://www.openstreetmap.org/search?query=${encodeURIComponent(event.address)}`;
  return null;
}

/** schema.org Event data; a members-only event's join link stays out of it. */
function eventJsonLd(event: EventRow, baseUrl: string): Record<string, unknown> {
  const online = Boolean(event.onlineUrl) && !event.address;
  const data = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    startDate: event.startsAt.toISOString(),
    endDate: event.endsAt?.toISOString(),
    eventStatus:
      event.status === "cancelled" ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: online
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location: online
      ? {
          "@type": "VirtualLocation",
          url: joinLinkIsPublic(event) && event.onlineUrl ? event.onlineUrl : `${baseUrl}/events/${event.id}`,
        }
      : { "@type": "Place", name: event.locationName ?? undefined, address: event.address ?? undefined },
    image: event.imageUrl ? [new URL(event.imageUrl, baseUrl).toString()] : undefined,
    url: `${baseUrl}/events/${event.id}`,
  };
  return data;
}

export default async function EventPage({ params }: Params) {
  const event = await load(params);
  const [settings, going] = await Promise.all([getSiteSettings(), goingCount(event.id)]);
  const baseUrl = siteUrl();
  const zone = event.timezone;
  const endsAt = event.endsAt;
  const sameDay =
    endsAt && formatInZone(endsAt, zone, "yyyy-MM-dd") === formatInZone(event.startsAt, zone, "yyyy-MM-dd");
  const time = endsAt
    ? sameDay
      ? `${formatInZone(event.startsAt, zone, TIME_FORMAT)} – ${formatInZone(endsAt, zone, `${TIME_FORMAT} zzz`)}`
      : `${formatInZone(event.startsAt, zone, `${TIME_FORMAT} zzz`)} – ${formatInZone(endsAt, zone, `${DATE_FORMAT} ${TIME_FORMAT} zzz`)}`
    : formatInZone(event.startsAt, zone, `${TIME_FORMAT} zzz`);
  const map = mapLink(event);
  const place = [event.locationName, event.address].filter(Boolean).join(", ");
  const over = isEventOver(event);
  const cancelled = event.status === "cancelled";

  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <JsonLd data={eventJsonLd(event, baseUrl)} />
      <EventImage eventId={event.id} src={event.imageUrl} className="aspect-[21/9] w-full rounded-xl border" />
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div className="grid content-start gap-6">
          <div className="flex flex-wrap items-center gap-2">
            <AccessBadge accessType={event.accessType as "public" | "members"} />
            <Badge variant="outline" className="capitalize">
              {event.type}
            </Badge>
            {cancelled ? (
              <Badge variant="destructive">Cancelled</Badge>
            ) : over ? (
              <Badge variant="secondary">Past event</Badge>
            ) : null}
          </div>
          <h1 className="text-3xl font-semibold sm:text-4xl">{event.title}</h1>
          {cancelled ? (
            <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 font-medium">
              This event has been cancelled.
            </p>
          ) : over ? (
            <p role="status" className="rounded-md border bg-muted p-4 font-medium">
              This event has ended.
            </p>
          ) : null}
          <ul className="grid gap-3">
            <li className="flex items-start gap-3">
              <CalendarDays aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>{formatInZone(event.startsAt, zone, "EEEE, MMMM d, yyyy")}</span>
            </li>
            <li className="flex items-start gap-3">
              <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <div>
                <p>
                  {time} <span className="text-sm text-muted-foreground">({zone})</span>
                </p>
                <ViewerTime startsAt={event.startsAt.toISOString()} eventTimezone={zone} />
              </div>
            </li>
            {place ? (
              <li className="flex items-start gap-3">
                <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                <div>
                  <p>{place}</p>
                  {map ? (
                    <a
                      href={map}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-sm font-medium text-primary underline underline-offset-4"
                    >
                      Open in map<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : null}
                </div>
              </li>
            ) : null}
            {event.onlineUrl && !joinLinkIsPublic(event) ? (
              <JoinLink eventId={event.id} />
            ) : event.onlineUrl ? (
              <li className="flex items-start gap-3">
                <Video aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                <a
                  href={event.onlineUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-primary underline underline-offset-4"
                >
                  Join online<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
          <div className="whitespace-pre-line leading-relaxed">{event.description}</div>
        </div>

        <aside aria-label="RSVP and share" className="grid content-start gap-4 rounded-xl border bg-card p-5">
          <h2 className="text-lg font-semibold">RSVP</h2>
          {event.source === "luma" && over ? (
            <p className="text-sm text-muted-foreground">RSVPs are closed: this event has ended.</p>
          ) : event.source === "luma" ? (
            <Button asChild size="lg">
              <a href={rsvpUrl(event, settings.lumaCalendarUrl || "/events")} target="_blank" rel="noopener noreferrer">
                RSVP on Luma
                <ExternalLink aria-hidden />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          ) : (
            <RsvpPanel
              eventId={event.id}
              membersOnly={event.accessType === "members"}
              prerenderedCount={going}
              capacity={event.capacity}
              open={!over && !cancelled}
              closesAt={(event.endsAt ?? event.startsAt).toISOString()}
            />
          )}
          <Button asChild variant="outline">
            <a href={`/api/events/${event.id}/ics`} download>
              <CalendarPlus aria-hidden />
              Add to calendar
            </a>
          </Button>
          <ShareButton title={event.title} />
        </aside>
      </div>
    </article>
  );
}
