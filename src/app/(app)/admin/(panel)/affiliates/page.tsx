import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import type { Metadata } from "next";
import Link from "next/link";
import { PayoutButton } from "@/components/admin/affiliates/payout-button";
import { Badge } from "@/components/ui/badge";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { COMMISSION_STATUSES, type CommissionStatus } from "@/features/affiliate/constants";
import { formatCents, formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { countPayableCommissions } from "@/server/affiliate/commissions";
import { listCommissionsForAdmin, listPartnersForAdmin, listPayouts } from "@/server/affiliate/partners";

export const metadata: Metadata = { title: "Affiliates", robots: { index: false } };

const STATUS_LABEL: Record<CommissionStatus, string> = {
  pending: "Pending",
  eligible: "Eligible",
  paid: "Paid",
  cancelled: "Cancelled",
};

/** /admin/affiliates: partners and their figures, commissions by status, payout runs with their CSV. */
export default async function AffiliatesPage({ searchParams }: PageProps<"/admin/affiliates">) {
  const viewer = await requirePageAccess(ADMIN);
  const requested = (await searchParams).status;
  const status = (COMMISSION_STATUSES as readonly string[]).includes(String(requested))
    ? (requested as CommissionStatus)
    : undefined;
  const [partners, commissions, payable, payouts] = await Promise.all([
    listPartnersForAdmin(viewer),
    listCommissionsForAdmin(viewer, status),
    countPayableCommissions(viewer),
    listPayouts(viewer),
  ]);
  return (
    <div className="grid gap-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">Affiliates</h1>
        <PayoutButton eligibleCount={payable} />
      </div>

      <section aria-labelledby="partners-title">
        <h2 id="partners-title" className="text-xl font-semibold">
          Partners
        </h2>
        <ScrollRegion label="Partners" className="mt-3">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                {[
                  "Partner",
                  "Code",
                  "Rate",
                  "Link visits",
                  "Applications",
                  "Approved",
                  "Pending",
                  "Eligible",
                  "Paid",
                ].map((h) => (
                  <th key={h} scope="col" className="p-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {partners.map((p) => (
                <tr key={p.userId} className="border-b">
                  <td className="p-2">
                    <Link href={`/profile/${p.userId}`} className="underline underline-offset-4">
                      {p.firstName} {p.lastName}
                    </Link>
                  </td>
                  <td className="p-2 font-mono">{p.partnerCode}</td>
                  <td className="p-2">{p.referralCommission}</td>
                  <td className="p-2">{p.linkVisits}</td>
                  <td className="p-2">{p.applications}</td>
                  <td className="p-2">{p.approvedMembers}</td>
                  <td className="p-2">{formatCents(p.commissions.pending.amountCents)}</td>
                  <td className="p-2">{formatCents(p.commissions.eligible.amountCents)}</td>
                  <td className="p-2">{formatCents(p.commissions.paid.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      <section aria-labelledby="commissions-title">
        <h2 id="commissions-title" className="text-xl font-semibold">
          Commissions
        </h2>
        <nav aria-label="Commission status" className="mt-3 flex flex-wrap gap-2">
          {[undefined, ...COMMISSION_STATUSES].map((s) => (
            <Link
              key={s ?? "all"}
              href={s ? `/admin/affiliates?status=${s}` : "/admin/affiliates"}
              aria-current={s === status ? "page" : undefined}
              className={cn(
                "rounded-md border px-3 py-1 text-sm",
                s === status ? "bg-primary text-primary-foreground" : "bg-card",
              )}
            >
              {s ? STATUS_LABEL[s] : "All"}
            </Link>
          ))}
        </nav>
        {commissions.length === 0 ? <p className="mt-3 text-muted-foreground">No commissions.</p> : null}
        <ScrollRegion label="Commissions" className="mt-3">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                {["Partner", "Referred member", "Amount", "Rate", "Status", "Eligible on", "Paid on"].map((h) => (
                  <th key={h} scope="col" className="p-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {commissions.map((c) => (
                <tr key={c.id} className="border-b" data-testid={`commission-${c.id}`}>
                  <td className="p-2">{c.partnerName}</td>
                  <td className="p-2">{c.applicantName}</td>
                  <td className="p-2">{formatCents(c.amountCents)}</td>
                  <td className="p-2">{c.rate}</td>
                  <td className="p-2">
                    <Badge
                      variant={c.status === "paid" ? "success" : c.status === "cancelled" ? "secondary" : "warning"}
                    >
                      {STATUS_LABEL[c.status]}
                    </Badge>
                    {c.cancelReason ? <span className="ml-2 text-muted-foreground">{c.cancelReason}</span> : null}
                  </td>
                  <td className="p-2">{c.eligibleAt ? formatDate(c.eligibleAt) : ""}</td>
                  <td className="p-2">{c.paidAt ? formatDate(c.paidAt) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      <section aria-labelledby="payouts-title">
        <h2 id="payouts-title" className="text-xl font-semibold">
          Payout runs
        </h2>
        {payouts.length === 0 ? <p className="mt-3 text-muted-foreground">No payouts yet.</p> : null}
        <ul className="mt-3 grid gap-2">
          {payouts.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3">
              <span>
                {formatDate(p.createdAt)}: {p.commissionCount} commissions, {formatCents(p.totalCents)}
              </span>
              <a
                href={`/api/admin/affiliates/payouts/${p.id}/csv`}
                className="font-medium text-primary underline underline-offset-4"
              >
                Download CSV of payout {p.id}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
