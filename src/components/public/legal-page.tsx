import { PageHero } from "./page-hero";

/** A plain document page (terms, privacy): numbered headings and paragraphs. */
export function LegalPage({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}) {
  return (
    <>
      <PageHero title={title} lead={`Last updated ${updated}`} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {sections.map((section, index) => (
          <section key={section.heading} className="mb-10">
            <h2 className="text-2xl font-semibold">
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="mt-3 leading-relaxed">
                {p}
              </p>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
