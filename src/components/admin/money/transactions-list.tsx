"use client";

import * as React from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { KIND_LABEL } from "@/components/billing/types";
import { PaymentStatusBadge, type PaymentRow } from "@/components/profile/payment-history";
import { apiRequest } from "@/lib/api-client";
import { formatCents, formatDate, tierName } from "@/lib/format";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { NativeSelect } from "@/components/ui/native-select";

const FILTERS = [
  { value: "all", label: "All" },
  { value: "completed", label: "Completed" },
  { value: "failed", label: "Failed" },
  { value: "pending", label: "Pending" },
] as const;

export const TRANSACTIONS_KEY = "/api/payment-transactions";

/** Totals count charges (first payments, renewals, upgrades); refunds are listed as their own rows. */
export function TransactionsList() {
  const query = useQuery({
    queryKey: [TRANSACTIONS_KEY],
    queryFn: () => apiRequest<PaymentRow[]>("GET", TRANSACTIONS_KEY),
  });
  const [search, setSearch] = React.useState("");
  const [status, setStatus] = React.useState<(typeof FILTERS)[number]["value"]>("all");
  const rows = query.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = rows.filter(
    (t) =>
      (status === "all" || t.status === status) &&
      (!needle ||
        String(t.id).includes(needle) ||
        (t.membershipTier ?? "").toLowerCase().includes(needle) ||
        t.paymentMethod.toLowerCase().includes(needle)),
  );
  const isCharge = (t: PaymentRow) => t.kind !== "refund";
  const completed = rows.filter((t) => isCharge(t) && (t.status === "completed" || t.status === "refunded"));
  const refunds = rows
    .filter((t) => t.kind === "refund" && t.status === "completed")
    .reduce((sum, t) => sum + t.amount, 0);
  const revenue = completed.reduce((sum, t) => sum + t.amount, 0) - refunds;

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Summary title="Total Transactions" value={String(rows.length)} />
        <Summary
          title="Completed Payments"
          value={String(rows.filter((t) => isCharge(t) && t.status === "completed").length)}
        />
        <Summary title="Total Revenue" value={formatCents(revenue)} note="Completed payments less refunds" />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 flex-1 gap-1">
          <Label htmlFor="transaction-search">Search</Label>
          <Input
            id="transaction-search"
            type="search"
            placeholder="Search by tier, ID or payment method"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="transaction-status">Status</Label>
          <NativeSelect
            id="transaction-status"
            className="w-auto"
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          variant="outline"
          onClick={() => void query.refetch()}
          pending={query.isFetching}
          pendingLabel="Refreshing..."
        >
          Refresh
        </Button>
        <Button asChild variant="outline">
          <a href="/api/payment-transactions/export" download>
            Export to CSV
          </a>
        </Button>
      </div>
      {query.error ? <p role="alert">Could not load transactions. Please refresh the page.</p> : null}
      <ScrollRegion label="Payment transactions" className="rounded-xl border bg-card">
        <table className="w-full text-left text-sm">
          <caption className="caption-bottom p-3 text-muted-foreground">
            {query.isPending
              ? "Loading transactions..."
              : shown.length
                ? `Showing ${shown.length} of ${rows.length} transactions`
                : "No transactions found matching your search criteria."}
          </caption>
          <thead className="border-b bg-muted">
            <tr>
              {["ID", "Date", "Kind", "Membership", "Payment Method", "Amount", "Status", "Action"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((t) => (
              <tr key={t.id} className="border-b last:border-0">
                <td className="px-4 py-3">{t.id}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDate(t.createdAt)}</td>
                <td className="px-4 py-3">{KIND_LABEL[t.kind] ?? t.kind}</td>
                <td className="px-4 py-3">{tierName(t.membershipTier) || "None"}</td>
                <td className="px-4 py-3 capitalize">{t.paymentMethod}</td>
                <td className="px-4 py-3">
                  {t.kind === "refund" ? `-${formatCents(t.amount, t.currency)}` : formatCents(t.amount, t.currency)}
                </td>
                <td className="px-4 py-3">
                  <PaymentStatusBadge status={t.status} />
                </td>
                <td className="px-4 py-3">
                  <Link
                    href={`/admin/payment-transactions/${t.id}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                    aria-label={`View transaction ${t.id}`}
                  >
                    View
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

function Summary({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold">{value}</p>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}
