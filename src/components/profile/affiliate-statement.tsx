import { Badge } from "@/components/ui/badge";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatCents, formatDate } from "@/lib/format";
import type { PartnerCommission, PartnerStatement } from "@/features/affiliate/types";

const STATUS: Record<
  PartnerCommission["status"],
  { label: string; variant: "warning" | "success" | "secondary" | "destructive" }
> = {
  pending: { label: "Held", variant: "warning" },
  eligible: { label: "Payable", variant: "success" },
  paid: { label: "Paid", variant: "secondary" },
  cancelled: { label: "Cancelled", variant: "destructive" },
};

/** Where a commission stands, in words: held until when, paid when, or why it was cancelled. */
function standing(c: PartnerCommission): string {
  if (c.status === "pending") return c.eligibleAt ? `Held until ${formatDate(c.eligibleAt)}` : "Held";
  if (c.status === "eligible") return "Paid in the next payout run (the 15th)";
  if (c.status === "paid") return c.paidAt ? `Paid ${formatDate(c.paidAt)}` : "Paid";
  return c.cancelReason ?? "Cancelled";
}

/** Her commissions, one per referred member, and the payouts that paid her. */
export function AffiliateStatement({ statement }: { statement: PartnerStatement }) {
  return (
    <>
      <section aria-labelledby="affiliate-commissions" className="grid gap-3">
        <h3 id="affiliate-commissions" className="font-semibold">
          Your commissions
        </h3>
        {statement.commissions.length === 0 ? (
          <p className="text-muted-foreground">
            No commissions yet. You earn one when a member you referred makes her first payment.
          </p>
        ) : (
          <ScrollRegion label="Your commissions, newest first" className="rounded-lg border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your commissions, newest first</caption>
              <thead className="bg-muted">
                <tr>
                  {["Referral", "Amount", "Status", "Hold date", "Earned"].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 whitespace-nowrap">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {statement.commissions.map((c) => (
                  <tr key={c.id} className="border-t">
                    <td className="px-3 py-2">{c.referral}</td>
                    <td className="px-3 py-2">{formatCents(c.amountCents)}</td>
                    <td className="px-3 py-2">
                      <Badge variant={STATUS[c.status].variant}>{STATUS[c.status].label}</Badge>
                      <span className="mt-1 block text-muted-foreground">{standing(c)}</span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{c.eligibleAt ? formatDate(c.eligibleAt) : "None"}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(c.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      <section aria-labelledby="affiliate-payouts" className="grid gap-3">
        <h3 id="affiliate-payouts" className="font-semibold">
          Payout history
        </h3>
        {statement.payouts.length === 0 ? (
          <p className="text-muted-foreground">
            No payouts yet. Payable commissions are paid on the 15th of each month.
          </p>
        ) : (
          <ScrollRegion label="Payouts to you, newest first" className="rounded-lg border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Payouts to you, newest first</caption>
              <thead className="bg-muted">
                <tr>
                  {["Paid on", "Commissions", "Amount"].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 whitespace-nowrap">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {statement.payouts.map((p) => (
                  <tr key={p.id} className="border-t">
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.paidAt)}</td>
                    <td className="px-3 py-2">{p.commissionCount}</td>
                    <td className="px-3 py-2">{formatCents(p.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </>
  );
}
