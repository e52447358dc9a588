"use client";

import * as React from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { REFUND_GUARANTEE_DAYS } from "@/features/money/constants";
import { centsOf } from "@/features/money/schemas";
import { formatCents } from "@/lib/format";

interface RefundFormProps {
  /** The payment transaction to refund. */
  id: number;
  /** Cents still refundable. */
  remaining: number;
  currency?: string;
  onDone: () => void;
}

/**
 * A refund of a card payment, in full or in part, within the guarantee (POST
 * /api/payment-transactions/{id}/refund, audit-logged): the one form of the transaction page and of
 * a member's billing page.
 */
export function RefundForm({ id, remaining, currency = "usd", onDone }: RefundFormProps) {
  const [amount, setAmount] = React.useState("");
  const [reason, setReason] = React.useState("");
  const [amountError, setAmountError] = React.useState<string | null>(null);
  const refund = useMutation({
    mutationFn: (cents: number | undefined) =>
      apiRequest<{ amount: number }>("POST", `/api/payment-transactions/${id}/refund`, {
        reason,
        ...(cents ? { amount: cents } : {}),
      }),
    onSuccess: (row) => {
      toast({ title: "Refund issued", description: `${formatCents(row.amount, currency)} is going back to the card.` });
      setAmount("");
      setReason("");
      onDone();
    },
    onError: (error) =>
      toast({
        title: "Refund failed",
        description: errorMessage(error, "Could not refund the payment."),
        variant: "destructive",
      }),
  });
  const amountId = `refund-amount-${id}`;
  const reasonId = `refund-reason-${id}`;
  return (
    <form
      className="grid gap-2"
      aria-label={`Refund of payment ${id}`}
      onSubmit={(e) => {
        e.preventDefault();
        const typed = amount.trim();
        const cents = typed ? centsOf(typed) : undefined;
        if (cents === null || (cents !== undefined && (cents <= 0 || cents > remaining))) {
          setAmountError(`Enter an amount between $0.01 and ${formatCents(remaining, currency)}, or leave it empty.`);
          return;
        }
        setAmountError(null);
        refund.mutate(cents);
      }}
    >
      <p className="text-sm text-muted-foreground">
        Up to {formatCents(remaining, currency)} within the {REFUND_GUARANTEE_DAYS}-day guarantee. Leave the amount
        empty for a full refund.
      </p>
      <Label htmlFor={amountId}>Amount in dollars (optional)</Label>
      <Input
        id={amountId}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        placeholder={formatCents(remaining, currency, { plain: true })}
        aria-invalid={amountError ? true : undefined}
        aria-describedby={amountError ? `${amountId}-error` : undefined}
      />
      {amountError ? (
        <p id={`${amountId}-error`} className="text-sm text-destructive">
          {amountError}
        </p>
      ) : null}
      <Label htmlFor={reasonId}>Reason</Label>
      <Input id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} />
      <Button type="submit" variant="outline" pending={refund.isPending} pendingLabel="Refunding...">
        Issue Refund
      </Button>
    </form>
  );
}
