import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import { ApplicationsReview } from "@/components/admin/applications/applications-review";
import { paymentContext } from "./payment-context";

export const metadata: Metadata = { title: "Applications", robots: { index: false } };

export default async function AdminApplicationsPage() {
  await requirePageAccess(ADMIN);
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-semibold">Membership Applications</h1>
      <ApplicationsReview payments={await paymentContext()} />
    </div>
  );
}
