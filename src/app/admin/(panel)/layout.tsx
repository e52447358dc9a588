import Link from "next/link";
import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";

const ADMIN_SECTIONS = [
  { href: "/admin", label: "Panel" },
  { href: "/admin/applications", label: "Applications" },
  { href: "/admin/payment-transactions", label: "Payments" },
  { href: "/admin/forum", label: "Forum" },
  { href: "/admin/blog", label: "Blog" },
  { href: "/admin/content", label: "Content" },
  { href: "/admin/library", label: "Library" },
  { href: "/admin/newsletter", label: "Newsletter" },
  { href: "/admin/outbox", label: "Email Outbox" },
  { href: "/admin/events", label: "Events" },
  { href: "/admin/messages", label: "Messages" },
  { href: "/admin/settings", label: "Settings" },
];

// Every admin page sits in this group. The screens under /admin that are not admin-only (the library's
// /admin/content/create and /admin/library, for holders of manage_content) live outside it with their own guard.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requirePageAccess(ADMIN);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label="Admin sections" className="mb-8 overflow-x-auto">
        <ul className="flex gap-2 border-b pb-3 text-sm">
          {ADMIN_SECTIONS.map((section) => (
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
