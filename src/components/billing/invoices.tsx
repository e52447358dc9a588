"use client";

import * as React from "react";
import Link from "next/link";
import { PaymentStatusBadge } from "@/components/profile/payment-history";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatCents, formatDate } from "@/lib/format";
import { ConfirmButton } from "./confirm-button";
import { KIND_LABEL, type BillingMode, type InvoiceRow } from "./types";
import { useBillingAction } from "./use-billing-action";

/** Every invoice and refund with its receipt; for admins, each links to its transaction and may be refunded within 14 days. */
export function Invoices({ mode, rows, onChanged }: { mode: BillingMode; rows: InvoiceRow[]; onChanged: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invoices</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments yet.</p>
        ) : (
          <ScrollRegion label="Invoices and refunds, newest first" className="rounded-lg border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Invoices and refunds, newest first</caption>
              <thead className="bg-muted">
                <tr>
                  {["Date", "Description", "Amount", "Status", mode === "admin" ? "Actions" : "Receipt"].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((t) => (
                  <tr key={t.id} className="border-t">
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(t.completedAt ?? t.createdAt)}</td>
                    <td className="px-3 py-2">
                      {KIND_LABEL[t.kind] ?? t.kind}
                      {t.membershipTier ? <span className="capitalize"> ({t.membershipTier})</span> : null}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{(t.kind === "refund" ? "-" : "") + formatCents(t.amount, t.currency)}</td>
                    <td className="px-3 py-2">
                      <PaymentStatusBadge status={t.status} />
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-center gap-2">
                        {t.receiptUrl ? (
                          <a className="text-primary underline" href={t.receiptUrl} target="_blank" rel="noopener noreferrer">
                            Receipt<span className="sr-only"> for the {formatDate(t.completedAt ?? t.createdAt)} payment (opens Stripe)</span>
                          </a>
                        ) : mode === "member" ? (
                          <span className="text-muted-foreground">None</span>
                        ) : null}
                        {mode === "admin" ? (
                          <>
                            <Link className="text-primary underline" href={`/admin/payment-transactions/${t.id}`}>
                              View<span className="sr-only"> transaction {t.id}</span>
                            </Link>
                            {t.refundable ? <RefundButton id={t.id} amount={formatCents(t.amount, t.currency)} onChanged={onChanged} /> : null}
                          </>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}

/** A full refund within the 14-day guarantee (POST /api/payment-transactions/{id}/refund, audit-logged). */
function RefundButton({ id, amount, onChanged }: { id: number; amount: string; onChanged: () => void }) {
  const [reason, setReason] = React.useState("");
  const refund = useBillingAction<{ reason: string }, unknown>(`/api/payment-transactions/${id}/refund`, () => ({ title: "Refund issued", description: `${amount} is going back to the card.` }), onChanged);
  return (
    <ConfirmButton
      label="Refund"
      title={`Refund ${amount}?`}
      description={
        <span className="grid gap-2">
          <span>The whole payment goes back to her card (a partial refund is made from the transaction page).</span>
          <Label htmlFor={`refund-reason-${id}`}>Reason</Label>
          <Input id={`refund-reason-${id}`} value={reason} onChange={(e) => setReason(e.target.value)} />
        </span>
      }
      confirmLabel="Refund"
      variant="destructive"
      pending={refund.isPending}
      onConfirm={() => refund.mutateAsync({ reason })}
    />
  );
}
