import { IntentLink } from "@/components/ui/intent-link";

/**
 * An admin area's page frame: its sections as rows of links above the page. They wrap rather than
 * scroll, so every section is in view at any width (a scrolled row hid some of them). Like the site's
 * frame, they fetch a section ahead only once she points at it, focuses it or touches it (decision 057):
 * with Next.js' default, every admin page view fetched all eighteen sections.
 */
export function SectionFrame({
  label,
  sections,
  children,
}: {
  label: string;
  sections: { href: string; label: string }[];
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label={label} className="mb-8">
        <ul className="flex flex-wrap gap-x-1 gap-y-1 border-b pb-3 text-sm">
          {sections.map((section) => (
            <li key={section.href}>
              <IntentLink
                href={section.href}
                className="block rounded-md px-2.5 py-1.5 whitespace-nowrap hover:bg-accent"
              >
                {section.label}
              </IntentLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
