import type { Metadata } from "next";
import Link from "next/link";
import { ChatBanner } from "@/components/public/chat-banner";
import { JoinCta } from "@/components/public/join-cta";
import { PageHero, PageSection, SectionCards } from "@/components/public/page-hero";
import { getPageSections } from "@/server/cms";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

export const metadata: Metadata = {
  title: "Community",
  description: "Our values and how to take part: events, the WhatsApp channel, membership and applying.",
  alternates: { canonical: "/community" },
};

// How to Engage links to /events, #whatsapp, /membership and /apply.
const ENGAGE_LINKS = [
  { href: "/events", label: "Come to an event" },
  { href: "#whatsapp", label: "Join the WhatsApp channel" },
  { href: "/membership", label: "Explore the memberships" },
  { href: "/apply", label: "Apply to join" },
];

export default async function CommunityPage() {
  const [[hero, v1, v2, v3, v4, engage, ...extra], settings] = await Promise.all([
    getPageSections("community"),
    getSiteSettings(),
  ]);
  const values = [v1, v2, v3, v4].filter((s) => s !== undefined);
  return (
    <>
      <PageHero title={hero?.title ?? "Our Community"} lead={hero?.content} />
      {values.length ? (
        <PageSection id="values" title="Our Values">
          <SectionCards sections={values} />
        </PageSection>
      ) : null}
      <PageSection id="engage" title={engage?.title ?? "How to Engage"} intro={engage?.content} muted>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {ENGAGE_LINKS.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className="block rounded-lg border bg-card p-4 font-medium text-primary hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>
      {extra.map((section) => (
        <PageSection key={section.id} id={`section-${section.id}`} title={section.title} intro={section.content} />
      ))}
      <ChatBanner url={settings.whatsappChannelUrl} />
      <JoinCta />
    </>
  );
}
