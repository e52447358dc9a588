import { SectionFrame } from "@/components/admin/section-frame";
import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";

const ADMIN_SECTIONS = [
  { href: "/admin", label: "Panel" },
  { href: "/admin/members", label: "Members" },
  { href: "/admin/applications", label: "Applications" },
  { href: "/admin/payment-transactions", label: "Payments" },
  { href: "/admin/stripe-refusals", label: "Stripe Refusals" },
  { href: "/admin/forum", label: "Forum" },
  { href: "/admin/levels", label: "Levels" },
  { href: "/admin/blog", label: "Blog" },
  { href: "/admin/content", label: "Content" },
  { href: "/admin/library", label: "Library" },
  { href: "/admin/courses", label: "Courses" },
  { href: "/admin/newsletter", label: "Newsletter" },
  { href: "/admin/outbox", label: "Email Outbox" },
  { href: "/admin/events", label: "Events" },
  { href: "/admin/messages", label: "Messages" },
  { href: "/admin/onboarding", label: "Onboarding" },
  { href: "/admin/settings", label: "Settings" },
  { href: "/admin/audit", label: "Audit Log" },
];

// Every admin page sits in this group. The screens under /admin that are not admin-only (the library's
// /admin/content/create and /admin/library, for holders of manage_content) live outside it with their own guard.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requirePageAccess(ADMIN);
  return (
    <SectionFrame label="Admin sections" sections={ADMIN_SECTIONS}>
      {children}
    </SectionFrame>
  );
}
