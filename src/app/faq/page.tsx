import type { Metadata } from "next";
import { ContactForm } from "@/components/public/contact-form";
import { FaqAccordion } from "@/components/public/faq-accordion";
import { PageHero, PageSection } from "@/components/public/page-hero";
import { JsonLd } from "@/components/seo/json-ld";
import { faqItems } from "@/server/public-site/faq";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

export const metadata: Metadata = {
  title: "Frequently Asked Questions",
  description:
    "Membership, approval, events, trials, cancellation, mentorship, the library and your privacy: the questions we hear most.",
  alternates: { canonical: "/faq" },
};

export default async function FaqPage() {
  const settings = await getSiteSettings();
  const items = faqItems(settings);
  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: items.map((item) => ({
            "@type": "Question",
            name: item.question,
            acceptedAnswer: { "@type": "Answer", text: item.answer },
          })),
        }}
      />
      <PageHero
        title="Frequently Asked Questions"
        lead="Everything you might want to know before you join. Cannot find your answer? Ask us below."
      />
      <section aria-labelledby="questions-heading" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {/* The accordion's questions are h3s; this keeps the heading levels in order. */}
        <h2 id="questions-heading" className="mb-6 text-2xl font-semibold">
          Common questions
        </h2>
        <FaqAccordion items={items} />
      </section>
      <PageSection id="ask" title="Still have a question?" intro="Send us a message and we will reply by email." muted>
        <ContactForm source="faq" />
      </PageSection>
    </>
  );
}
