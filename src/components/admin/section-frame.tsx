import Link from "next/link";

/** An admin area's page frame: its sections as a row of links above the page. */
export function SectionFrame({ label, sections, children }: { label: string; sections: { href: string; label: string }[]; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label={label} className="mb-8 overflow-x-auto">
        <ul className="flex gap-2 border-b pb-3 text-sm">
          {sections.map((section) => (
            <li key={section.href}>
              <Link href={section.href} className="block rounded-md px-3 py-1.5 whitespace-nowrap hover:bg-accent">
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
