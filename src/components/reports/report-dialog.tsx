"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { REPORT_REASON_MAX, reportSchema, type ReportValues } from "@/features/reports/schemas";
import { showServerErrors } from "@/lib/form-errors";

interface ReportDialogProps {
  /** The button that opens the dialog. */
  trigger: React.ReactElement;
  title: string;
  description: string;
  /** The reason field's id, unique on the page. */
  fieldId: string;
  /** Sends the report; rejects when it failed (the caller has said why). */
  send: (values: ReportValues) => Promise<unknown>;
}

/**
 * A member reports something (a forum post, a direct message) with a reason, checked by the schema
 * the route checks with. Once sent the dialog closes and focus returns to its button; a reason the
 * server refuses is shown under the field.
 */
export function ReportDialog({ trigger, title, description, fieldId, send }: ReportDialogProps) {
  const [open, setOpen] = React.useState(false);
  const form = useForm<ReportValues>({ resolver: zodResolver(reportSchema), defaultValues: { reason: "" } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await send(values);
      form.reset();
      setOpen(false);
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <FormField label="Reason" id={fieldId} error={form.formState.errors.reason?.message}>
            <Textarea rows={3} maxLength={REPORT_REASON_MAX} {...form.register("reason")} />
          </FormField>
          <DialogFooter>
            <Button type="submit" pending={form.formState.isSubmitting} pendingLabel="Sending...">
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
