"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { showServerErrors } from "@/lib/form-errors";
import { manualPaymentSchema, type ManualPaymentInput } from "@/features/money/schemas";

/**
 * An admin records a payment taken outside Stripe (an applicant's first payment, a bank-transfer
 * member's month) with a note, checked by manualPaymentSchema, the route's own. `send` posts it and
 * says how it went; the note is cleared once it is recorded.
 */
export function ManualPaymentForm({
  id,
  label,
  submitLabel,
  send,
  className,
  small = false,
  children,
}: {
  id: string;
  label: string;
  submitLabel: string;
  send: (values: ManualPaymentInput) => Promise<unknown>;
  className?: string;
  /** Small buttons, as on an application's card. */
  small?: boolean;
  /** More buttons after the submit button (Cancel). */
  children?: React.ReactNode;
}) {
  const form = useForm<ManualPaymentInput>({
    resolver: zodResolver(manualPaymentSchema),
    defaultValues: { notes: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await send(values);
      form.reset({ notes: "" });
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  return (
    <form noValidate className={cn("flex flex-wrap items-end gap-2", className)} onSubmit={submit}>
      <FormField label={label} id={id} error={form.formState.errors.notes?.message} className="min-w-56 flex-1 gap-1">
        <Input {...form.register("notes")} />
      </FormField>
      <Button
        type="submit"
        size={small ? "sm" : undefined}
        pending={form.formState.isSubmitting}
        pendingLabel="Recording..."
      >
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
