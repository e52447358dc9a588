import type { Metadata } from "next";
import { ContactForm } from "@/components/public/contact-form";
import { PageHero } from "@/components/public/page-hero";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

export const metadata: Metadata = {
  title: "Contact Us",
  description: "Write to us about membership, events, partnerships or private events.",
  alternates: { canonical: "/contact" },
};

export default async function ContactPage() {
  const settings = await getSiteSettings();
  return (
    <>
      <PageHero
        title="Contact Us"
        lead="Questions about membership, events, partnerships or a private event? We answer every message."
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="message-heading">
          <h2 id="message-heading" className="mb-6 text-2xl font-semibold">
            Send a message
          </h2>
          <ContactForm source="contact" />
        </section>
        {settings.contactEmail || settings.contactPhone || settings.contactCity ? (
          <section aria-labelledby="reach-heading">
            <h2 id="reach-heading" className="mb-6 text-2xl font-semibold">
              Other ways to reach us
            </h2>
            {/* Only what an administrator has set: a fresh install has no placeholders to show. */}
            <address className="space-y-3 not-italic">
              {settings.contactEmail ? (
                <p>
                  Email:{" "}
                  <a href={`mailto:${settings.contactEmail}`} className="text-primary underline underline-offset-4">
                    {settings.contactEmail}
                  </a>
                </p>
              ) : null}
              {settings.contactPhone ? (
                <p>
                  Phone:{" "}
                  <a
                    href={`tel:${settings.contactPhone.replace(/[^+\d]/g, "")}`}
                    className="text-primary underline underline-offset-4"
                  >
                    {settings.contactPhone}
                  </a>
                </p>
              ) : null}
              {settings.contactCity ? <p>Based in {settings.contactCity}</p> : null}
            </address>
          </section>
        ) : null}
      </div>
    </>
  );
}
