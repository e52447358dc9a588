import type { Metadata } from "next";
import { OptimizedImage } from "@/components/ui/optimized-image";
import Link from "next/link";
import { ChatBanner } from "@/components/public/chat-banner";
import { JoinCta } from "@/components/public/join-cta";
import { PageSection, SectionCards } from "@/components/public/page-hero";
import { TierCards } from "@/components/public/tier-cards";
import { NewsletterForm } from "@/components/newsletter/newsletter-form";
import { OrganizationJsonLd } from "@/components/seo/json-ld";
import { Button } from "@/components/ui/button";
import { getPageSections } from "@/server/cms";
import { listPhotoTiles, listTestimonials, listTiers } from "@/server/public-site";
import { getSiteSettings } from "@/server/settings";
import { EVENT_FILTERS, type EventFilter } from "@/features/events/constants";
import { listEventsByFilter } from "@/server/events/queries";
import { FeaturedEventCard } from "@/components/events/event-cards";
import { EventGrid } from "@/components/events/event-grid";
import { PrerenderedEventListing } from "@/components/events/prerendered-event-listing";

// The home page shows 4 events.
const HOME_EVENT_LIMIT = 4;

// Static, regenerated when the content editor saves (and hourly for settings changes).
export const revalidate = 3600;

export const metadata: Metadata = { alternates: { canonical: "/" } };

export default async function HomePage() {
  const [settings, sections, tiers, testimonials, tiles, events] = await Promise.all([
    getSiteSettings(),
    getPageSections("home"),
    listTiers(),
    listTestimonials(),
    listPhotoTiles(),
    listEventsByFilter("luma", HOME_EVENT_LIMIT),
  ]);
  const [hero, p1, p2, p3, p4, about, join, ...extra] = sections;
  const pillars = [p1, p2, p3, p4].filter((s) => s !== undefined);

  return (
    <>
      <OrganizationJsonLd settings={settings} />
      <section className="bg-secondary/60">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <h1 className="text-4xl font-semibold text-balance sm:text-6xl">{hero?.title ?? settings.tagline}</h1>
          {hero ? (
            <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground whitespace-pre-line">
              {hero.content}
            </p>
          ) : null}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link href="/membership">Explore Membership</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/events">View Events</Link>
            </Button>
          </div>
        </div>
      </section>

      {pillars.length ? (
        <PageSection id="pillars" title="Our Four Pillars">
          <SectionCards sections={pillars} />
        </PageSection>
      ) : null}

      {about ? (
        <PageSection id="about" title={about.title} intro={about.content} muted>
          <Button asChild variant="outline">
            <Link href="/about">Learn more about us</Link>
          </Button>
        </PageSection>
      ) : null}

      <PageSection
        id="tiers"
        title="Membership Tiers"
        intro="Four memberships, one community. Choose the term that fits your season."
      >
        <TierCards tiers={tiers} />
      </PageSection>

      <section id="upcoming-events" aria-labelledby="upcoming-events-heading" className="bg-muted/60">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
          <h2 id="upcoming-events-heading" className="text-3xl font-semibold">
            Upcoming Events
          </h2>
          <div className="mt-8">
            <PrerenderedEventListing
              featured={events.featured ? <FeaturedEventCard event={events.featured} /> : null}
              grids={
                Object.fromEntries(
                  EVENT_FILTERS.map(({ value }) => [value, <EventGrid key={value} events={events.grids[value]} />]),
                ) as Record<EventFilter, React.ReactNode>
              }
            />
          </div>
          <p className="mt-6">
            <Link href="/events" className="font-medium text-primary underline underline-offset-4">
              See all events
            </Link>
          </p>
        </div>
      </section>

      {testimonials.length ? (
        <PageSection id="testimonials" title="What Our Members Say">
          <ul className="grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.id}>
                <figure className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm">
                  <blockquote className="flex-1 text-lg">“{t.quote}”</blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    {t.image ? (
                      <OptimizedImage
                        src={t.image}
                        alt=""
                        width={48}
                        height={48}
                        className="size-12 rounded-full object-cover"
                      />
                    ) : null}
                    <span>
                      <span className="block font-semibold">{t.name}</span>
                      <span className="block text-sm text-muted-foreground">{t.title}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      {tiles.length ? (
        <PageSection id="gallery" title="Moments From Our Community" muted>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
            {tiles.map((tile) => {
              // A tile links to its post, or else to the profile once an administrator has set it; never to a bare social network.
              const href = tile.link || settings.instagramUrl;
              return (
                <li key={tile.id}>
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      <OptimizedImage
                        src={tile.imageUrl}
                        alt={`${tile.alt || "Community photo"} (opens our photo profile in a new tab)`}
                        width={400}
                        height={400}
                        className="aspect-square w-full object-cover transition-transform hover:scale-105"
                      />
                    </a>
                  ) : (
                    <OptimizedImage
                      src={tile.imageUrl}
                      alt={tile.alt || "Community photo"}
                      width={400}
                      height={400}
                      className="aspect-square w-full rounded-lg object-cover"
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {settings.instagramUrl ? (
            <p className="mt-6">
              <a
                href={settings.instagramUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-primary underline underline-offset-4"
              >
                Follow us on Instagram<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
        </PageSection>
      ) : null}

      {extra.map((section) => (
        <PageSection key={section.id} id={`section-${section.id}`} title={section.title} intro={section.content} />
      ))}

      <section id="newsletter" aria-labelledby="newsletter-heading">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center sm:px-6">
          <h2 id="newsletter-heading" className="text-3xl font-semibold">
            Stay in the Loop
          </h2>
          <p className="mt-3 mb-6 text-muted-foreground">Events, stories and invitations, about once a month.</p>
          <NewsletterForm source="home" siteName={settings.siteName} />
        </div>
      </section>

      <ChatBanner url={settings.whatsappChannelUrl} />
      <JoinCta title={join?.title} text={join?.content} />
    </>
  );
}
