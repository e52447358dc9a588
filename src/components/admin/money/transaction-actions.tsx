"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast, toastError } from "@/hooks/use-toast";
import { RefundForm } from "@/components/money/refund-form";
import { apiRequest, errorMessage } from "@/lib/api-client";

interface Props {
  id: number;
  status: string;
  manual: boolean;
  refundable: boolean;
  /** Cents still refundable. */
  remaining: number;
  /** Why a card payment cannot be refunded at all (a demo payment), shown in place of the form. */
  notRefundableReason?: string;
}

/** Mark as Completed / Mark as Failed (manual payments, note required) and refunds (card payments). */
export function TransactionActions({ id, status, manual, refundable, remaining, notRefundableReason }: Props) {
  const router = useRouter();
  const [note, setNote] = React.useState("");
  const mark = useMutation({
    mutationFn: (to: "completed" | "failed") =>
      apiRequest("PATCH", `/api/payment-transactions/${id}/status`, { status: to, note }),
    onSuccess: (_data, to) => {
      toast({ title: "Transaction updated", description: `The payment is now marked as ${to}.` });
      setNote("");
      router.refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not update the transaction.")),
  });
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Label htmlFor="mark-note">Note (required to mark a manual payment)</Label>
        <Input id="mark-note" value={note} onChange={(e) => setNote(e.target.value)} disabled={!manual} />
        {!manual ? (
          <p className="text-sm text-muted-foreground">
            Card payments follow Stripe; only manual payments are marked by hand.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={!manual}
            aria-disabled={status === "completed" || undefined}
            pending={mark.isPending}
            pendingLabel={mark.variables === "completed" ? "Saving..." : undefined}
            onClick={() => mark.mutate("completed")}
          >
            Mark as Completed
          </Button>
          <Button
            variant="destructive"
            disabled={!manual}
            aria-disabled={status === "failed" || undefined}
            pending={mark.isPending}
            pendingLabel={mark.variables === "failed" ? "Saving..." : undefined}
            onClick={() => mark.mutate("failed")}
          >
            Mark as Failed
          </Button>
        </div>
      </div>
      {refundable ? (
        <div className="grid gap-2 rounded-lg border p-4">
          <h3 className="font-semibold">Refund</h3>
          <RefundForm id={id} remaining={remaining} onDone={() => router.refresh()} />
        </div>
      ) : notRefundableReason ? (
        <div className="grid gap-1 rounded-lg border p-4">
          <h3 className="font-semibold">Refund</h3>
          <p className="text-sm text-muted-foreground">{notRefundableReason}</p>
        </div>
      ) : null}
    </div>
  );
}
