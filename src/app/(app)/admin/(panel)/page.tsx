import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { AdminDashboard } from "@/components/admin/dashboard/admin-dashboard";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getDashboard } from "@/server/dashboard";
import { dashboardQuerySchema } from "@/features/dashboard/periods";
import { BillingDifferences } from "./billing-differences";
import { FirstStepsSummary } from "./first-steps-summary";
import { RefusedStripeEvents } from "./refused-stripe-events";

export const metadata: Metadata = { title: "Admin Panel", robots: { index: false } };

const PANEL_LINKS = [
  {
    href: "/admin/members",
    title: "Members",
    text: "Find a member, change her tier and roles, disable her account, export to CSV.",
  },
  {
    href: "/admin/applications",
    title: "Applications",
    text: "Review membership applications, approve or reject, take payments.",
  },
  {
    href: "/admin/payment-transactions",
    title: "Payment Transactions",
    text: "Every charge, capture, refund and failure.",
  },
  {
    href: "/admin/stripe-refusals",
    title: "Stripe Refusals",
    text: "Each call Stripe refused or declined: whose it was, what Stripe said and its request id.",
  },
  { href: "/admin/forum", title: "Forum", text: "Categories, pinned and locked topics." },
  { href: "/admin/blog", title: "Blog", text: "Write, publish and unpublish posts." },
  { href: "/admin/content", title: "Content", text: "The text of the Home, About, Membership and Community pages." },
  {
    href: "/admin/library",
    title: "Library",
    text: "Library items by status, the editor, scheduled publishing, categories and tags.",
  },
  { href: "/admin/newsletter", title: "Newsletter", text: "Subscribers, their status and a CSV export." },
  { href: "/admin/outbox", title: "Email Outbox", text: "Every email the site has sent or is about to send." },
  {
    href: "/admin/events",
    title: "Events",
    text: "Create, edit, feature and delete community events; see RSVPs and private event requests.",
  },
  { href: "/admin/messages", title: "Contact Messages", text: "Messages sent from the Contact and FAQ pages." },
  {
    href: "/admin/onboarding",
    title: "Onboarding",
    text: "New members' first steps and the start-here item; who finished, who is stuck, who never signed in.",
  },
  {
    href: "/admin/settings",
    title: "Site Settings",
    text: "The site's name, contact details, social links and free trial length.",
  },
  {
    href: "/admin/audit",
    title: "Audit Log",
    text: "Every admin action, who made it and what it changed, with a CSV export.",
  },
];

// Links to the admin screens. The content editor has its own page (/admin/content), linked here.
export default async function AdminPanelPage({ searchParams }: PageProps<"/admin">) {
  const viewer = await requirePageAccess(ADMIN);
  const dashboard = await getDashboard(viewer, dashboardQuerySchema.parse(await searchParams).period);
  return (
    <div>
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <RefusedStripeEvents />
      <AdminDashboard dashboard={dashboard} />
      <FirstStepsSummary viewer={viewer} />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PANEL_LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="block h-full rounded-xl focus-visible:outline-2">
              <Card className="h-full transition-colors hover:bg-accent">
                <CardHeader>
                  <CardTitle as="h2">{link.title}</CardTitle>
                  <CardDescription>{link.text}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <BillingDifferences />
    </div>
  );
}
