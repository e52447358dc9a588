import type { Metadata } from "next";
import { CalendarPlus } from "lucide-react";
import { EventsTabs } from "@/components/events/events-tabs";
import { EventCard } from "@/components/events/event-cards";
import { InquiryDialog } from "@/components/events/inquiry-dialog";
import { PRIVATE_EVENT_KINDS } from "@/features/events/constants";
import { listPastEvents } from "@/server/events/queries";
import { siteUrl } from "@/lib/http/site-url";
import { getSiteSettings } from "@/server/settings";

export const metadata: Metadata = {
  title: "Events",
  description: "Circles, workshops, socials and retreats: meet the community in person and online.",
};

// Static, expired by a Luma sync and by an admin's change to an event (src/server/events/pages.ts); hourly otherwise.
export const revalidate = 3600;

const PAST_EVENTS_SHOWN = 6;

export default async function EventsPage() {
  const [settings, pastEvents] = await Promise.all([getSiteSettings(), listPastEvents(PAST_EVENTS_SHOWN)]);
  const feedUrl = `${siteUrl()}/api/events/calendar.ics`;
  const webcalFeedUrl = feedUrl.replace(/^https?:/, "webcal:");
  // The event host's webcal feed when one is set; otherwise our own community feed.
  const subscribeUrl = settings.lumaSubscribeUrl || webcalFeedUrl;
  return (
    <>
      <section className="bg-secondary/60 px-4 py-16 text-center sm:py-20">
        <h1 className="text-4xl font-semibold sm:text-5xl">Events</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          Circles, workshops, socials and retreats. Come as you are and bring a friend.
        </p>
        <p className="mt-6">
          <a
            href={subscribeUrl}
            className="inline-flex items-center gap-2 font-medium text-primary underline underline-offset-4"
          >
            <CalendarPlus aria-hidden className="size-5" />
            Subscribe to Calendar
          </a>
        </p>
      </section>

      <section id="calendar" aria-labelledby="upcoming-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="upcoming-heading" className="mb-6 text-3xl font-semibold">
          Upcoming Events
        </h2>
        <div id="upcoming">
          <EventsTabs hostPageUrl={settings.lumaCalendarUrl || "/events"} />
        </div>
        <p className="mt-6 text-sm text-muted-foreground">
          Add our community events to your calendar app:{" "}
          <a href={webcalFeedUrl} className="font-medium text-primary underline underline-offset-4">
            community calendar feed (.ics)
          </a>
        </p>
      </section>

      <section id="past" aria-labelledby="past-heading" className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
        <h2 id="past-heading" className="mb-6 text-3xl font-semibold">
          Past Events
        </h2>
        {pastEvents.length ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {pastEvents.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No past events yet.</p>
        )}
      </section>

      <section aria-labelledby="private-heading" className="bg-secondary/40 px-4 py-16">
        <div className="mx-auto grid max-w-4xl gap-6 text-center">
          <h2 id="private-heading" className="text-3xl font-semibold">
            Want to Book a Private Event?
          </h2>
          <p className="text-muted-foreground">We design gatherings for teams, companies and celebrations:</p>
          <ul className="mx-auto grid gap-2 text-left sm:grid-cols-2">
            {PRIVATE_EVENT_KINDS.map((kind) => (
              <li key={kind} className="rounded-lg border bg-card px-4 py-3">
                {kind}
              </li>
            ))}
          </ul>
          <div>
            <InquiryDialog />
          </div>
        </div>
      </section>
    </>
  );
}
