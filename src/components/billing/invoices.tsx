"use client";

import * as React from "react";
import Link from "next/link";
import { PaymentStatusBadge } from "@/components/profile/payment-history";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { RefundForm } from "@/components/money/refund-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatCents, formatDate, tierName } from "@/lib/format";
import { KIND_LABEL, type BillingMode, type InvoiceRow } from "./types";

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
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(t.date)}</td>
                    <td className="px-3 py-2">
                      {KIND_LABEL[t.kind] ?? t.kind}
                      {t.tier ? <span> ({tierName(t.tier)})</span> : null}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {(t.kind === "refund" ? "-" : "") + formatCents(t.amount, t.currency)}
                    </td>
                    <td className="px-3 py-2">
                      <PaymentStatusBadge status={t.status} />
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-center gap-2">
                        {t.receiptUrl ? (
                          <a
                            className="text-primary underline"
                            href={t.receiptUrl}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            Receipt<span className="sr-only"> for the {formatDate(t.date)} payment (opens Stripe)</span>
                          </a>
                        ) : mode === "member" ? (
                          <span className="text-muted-foreground">None</span>
                        ) : null}
                        {mode === "admin" ? (
                          <>
                            <Link className="text-primary underline" href={`/admin/payment-transactions/${t.id}`}>
                              View<span className="sr-only"> transaction {t.id}</span>
                            </Link>
                            {t.refundable && t.refundableAmount ? (
                              <RefundButton
                                id={t.id}
                                amount={formatCents(t.amount, t.currency)}
                                remaining={t.refundableAmount}
                                currency={t.currency}
                                onChanged={onChanged}
                              />
                            ) : null}
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

/** A refund within the guarantee, in full or in part: the transaction page's form, in a dialog. */
function RefundButton({
  id,
  amount,
  remaining,
  currency,
  onChanged,
}: {
  id: number;
  amount: string;
  remaining: number;
  currency: string;
  onChanged: () => void;
}) {
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm">
          Refund<span className="sr-only"> the {amount} payment</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Refund of the {amount} payment</DialogTitle>
          <DialogDescription>
            The refund goes back to her card. Every refund is kept with the payment and in the audit log.
          </DialogDescription>
        </DialogHeader>
        <RefundForm
          id={id}
          remaining={remaining}
          currency={currency}
          onDone={() => {
            setOpen(false);
            onChanged();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
