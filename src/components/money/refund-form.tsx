"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import { REFUND_GUARANTEE_DAYS } from "@/features/money/constants";
import { refundFormSchema, type RefundFormValues, type RefundInput } from "@/features/money/schemas";
import { formatCents } from "@/lib/format";

interface RefundFormProps {
  /** The payment transaction to refund. */
  id: number;
  /** Cents still refundable. */
  remaining: number;
  currency?: string;
  onDone: () => void;
}

const EMPTY: RefundFormValues = { amount: "", reason: "" };

/**
 * A refund of a card payment, in full or in part, within the guarantee (POST
 * /api/payment-transactions/{id}/refund, audit-logged): the one form of the transaction page and of
 * a member's billing page.
 */
export function RefundForm({ id, remaining, currency = "usd", onDone }: RefundFormProps) {
  const form = useForm<RefundFormValues, unknown, RefundInput>({
    resolver: zodResolver(refundFormSchema(remaining, formatCents(remaining, currency))),
    defaultValues: EMPTY,
  });
  const refund = useMutation({
    mutationFn: (values: RefundInput) =>
      apiRequest<{ amount: number }>("POST", `/api/payment-transactions/${id}/refund`, values),
    onSuccess: (row) => {
      toast({ title: "Refund issued", description: `${formatCents(row.amount, currency)} is going back to the card.` });
      form.reset(EMPTY);
      onDone();
    },
    onError: (error) => {
      if (showServerErrors(form, error)) return;
      toastError("Refund failed", errorMessage(error, "Could not refund the payment."));
    },
  });
  return (
    <form
      noValidate
      className="grid gap-2"
      aria-label={`Refund of payment ${id}`}
      onSubmit={form.handleSubmit((values) => refund.mutate(values))}
    >
      <p className="text-sm text-muted-foreground">
        Up to {formatCents(remaining, currency)} within the {REFUND_GUARANTEE_DAYS}-day guarantee. Leave the amount
        empty for a full refund.
      </p>
      <FormField
        label="Amount in dollars (optional)"
        id={`refund-amount-${id}`}
        error={form.formState.errors.amount?.message}
        className="gap-1"
      >
        <Input
          inputMode="decimal"
          placeholder={formatCents(remaining, currency, { plain: true })}
          {...form.register("amount")}
        />
      </FormField>
      <FormField
        label="Reason"
        id={`refund-reason-${id}`}
        error={form.formState.errors.reason?.message}
        className="gap-1"
      >
        <Input {...form.register("reason")} />
      </FormField>
      <Button type="submit" variant="outline" pending={refund.isPending} pendingLabel="Refunding...">
        Issue Refund
      </Button>
    </form>
  );
}
