/** The top of a public page: its h1 and lead text (from the content editor), and optional calls. */
export function PageHero({ title, lead, children }: { title: string; lead?: string; children?: React.ReactNode }) {
  return (
    <section className="bg-secondary/60">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <h1 className="text-4xl font-semibold text-balance sm:text-5xl">{title}</h1>
        {lead ? (
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground whitespace-pre-line">{lead}</p>
        ) : null}
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}

/** A titled band of the page; `id` is the anchor the navbar links to. */
export function PageSection({
  id,
  title,
  intro,
  children,
  muted = false,
}: {
  id?: string;
  title: string;
  intro?: string;
  children?: React.ReactNode;
  muted?: boolean;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={muted ? "bg-muted/60" : undefined}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id={headingId} className="text-3xl font-semibold text-balance">
          {title}
        </h2>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-muted-foreground whitespace-pre-line">{intro}</p> : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}

/** Cards for a list of editable sections (pillars, offerings, benefits, values). */
export function SectionCards({
  sections,
  headingLevel = "h3",
}: {
  sections: { id: number; title: string; content: string }[];
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {sections.map((section) => (
        <li key={section.id} className="rounded-xl border bg-card p-6 shadow-sm">
          <Heading className="text-xl font-semibold">{section.title}</Heading>
          <p className="mt-3 text-muted-foreground whitespace-pre-line">{section.content}</p>
        </li>
      ))}
    </ul>
  );
}
