import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BillingPanel } from "@/components/billing/billing-panel";
import { billingMember } from "@/server/billing/overview";
import { pageId } from "@/lib/page-input";

export const metadata: Metadata = { title: "Member Billing", robots: { index: false } };

// A member's billing for admins: tier, status, next charge, invoices; change her tier,
// cancel on her behalf, refund within 14 days (each audit-logged by the server functions). The
// (panel) layout admits admins only.
export default async function AdminMemberBillingPage({ params }: PageProps<"/admin/billing/[userId]">) {
  const viewer = await requirePageAccess(ADMIN);
  const userId = pageId((await params).userId);
  const member = await billingMember(viewer, userId);
  if (!member) notFound();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-semibold">Billing of {member.name}</h1>
        <p className="mt-1 text-muted-foreground">
          {member.email} ·{" "}
          <Link className="text-primary underline" href={`/profile/${userId}`}>
            View Profile
          </Link>
        </p>
      </div>
      <BillingPanel userId={userId} mode="admin" />
    </div>
  );
}
