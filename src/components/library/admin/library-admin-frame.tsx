import Link from "next/link";

const SECTIONS = [
  { href: "/admin/library", label: "Items" },
  { href: "/admin/content/create", label: "Create Content" },
  { href: "/admin/library/categories", label: "Categories" },
  { href: "/admin/library/tags", label: "Tags" },
  { href: "/library", label: "View the library" },
];

/**
 * The library's management screens, for holders of manage_content (admins or not): the item list,
 * the editor, categories and tags. They sit outside the admin-only (panel) group, with this frame.
 */
export function LibraryAdminFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label="Library management" className="mb-8 overflow-x-auto">
        <ul className="flex gap-2 border-b pb-3 text-sm">
          {SECTIONS.map((section) => (
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
