"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import type { MemberPayment, PaymentFields } from "@/features/money/types";
import { apiRequest } from "@/lib/api-client";
import { formatCents, formatDate } from "@/lib/format";
import { ScrollRegion } from "@/components/ui/scroll-region";

/** A transaction as the administrators' own calls answer it (the payments list, an application's payments): its dates as JSON strings. */
export type PaymentRow = PaymentFields & { createdAt: string; completedAt: string | null };

export const PAYMENT_STATUS_BADGE: Record<string, "success" | "destructive" | "warning" | "secondary"> = {
  completed: "success",
  failed: "destructive",
  pending: "warning",
  authorized: "warning",
  canceled: "secondary",
  refunded: "secondary",
};

export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={PAYMENT_STATUS_BADGE[status] ?? "secondary"} className="capitalize">
      {status}
    </Badge>
  );
}

/**
 * A list of payments: the member's own (GET /api/users/{id}/payment-transactions) on her profile, or, with
 * `lines`, an administrator's transactions shown the same way.
 */
export function PaymentHistory({
  url,
  caption,
  queryKey = [url],
  lines,
}: {
  url: string;
  caption: string;
  queryKey?: readonly unknown[];
  lines?: (rows: PaymentRow[]) => MemberPayment[];
}) {
  const query = useQuery({
    queryKey,
    queryFn: async () =>
      lines ? lines(await apiRequest<PaymentRow[]>("GET", url)) : apiRequest<MemberPayment[]>("GET", url),
  });
  if (query.isPending) return <p role="status">Loading payments...</p>;
  if (query.error) return <p role="alert">Could not load payments. Please refresh the page.</p>;
  if (query.data.length === 0) return <p className="text-muted-foreground">No payments yet.</p>;
  return (
    <ScrollRegion label={caption} className="rounded-lg border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Description
            </th>
            <th scope="col" className="px-3 py-2">
              Amount
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((p) => (
            <tr key={p.id} className="border-t">
              {/* The day the money moved, as the Billing tab dates it (a card held at application is taken on approval). */}
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.date)}</td>
              <td className="px-3 py-2 capitalize">
                {p.kind === "refund" ? "Refund" : `${p.tier ?? ""} membership`} ({p.method})
              </td>
              <td className="px-3 py-2">{formatCents(p.amount, p.currency)}</td>
              <td className="px-3 py-2">
                <PaymentStatusBadge status={p.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
