"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { eventInquirySchema, PRIVATE_EVENT_TYPES, type EventInquiryInput } from "@/features/events/schemas";

const EMPTY: EventInquiryInput = {
  name: "",
  email: "",
  phone: "",
  organization: "",
  eventType: PRIVATE_EVENT_TYPES[0],
  preferredDate: "",
  guestCount: "",
  message: "",
};

/** "Request Event Info": a form that is stored and emailed to the admins. */
export function InquiryDialog() {
  const [open, setOpen] = React.useState(false);
  const form = useForm<EventInquiryInput>({ resolver: zodResolver(eventInquirySchema) as never, defaultValues: EMPTY });
  const errors = form.formState.errors;
  const submit = useMutation({
    mutationFn: (input: EventInquiryInput) => apiRequest<{ message: string }>("POST", "/api/events/inquiries", input),
    onSuccess: (result) => {
      toast({ title: "Request sent", description: result.message });
      form.reset(EMPTY);
      setOpen(false);
    },
    onError: (error) =>
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to send your request. Please try again."),
        variant: "destructive",
      }),
  });
  const busy = submit.isPending;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="lg">Request Event Info</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Request Event Info</DialogTitle>
          <DialogDescription>
            Tell us about the gathering you have in mind and we will get back to you.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit((values) => submit.mutate(values))} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" id="inquiry-name" error={errors.name?.message}>
              <Input autoComplete="name" readOnly={busy} {...form.register("name")} />
            </FormField>
            <FormField label="Email" id="inquiry-email" error={errors.email?.message}>
              <Input type="email" autoComplete="email" readOnly={busy} {...form.register("email")} />
            </FormField>
            <FormField label="Phone (optional)" id="inquiry-phone" error={errors.phone?.message}>
              <Input type="tel" autoComplete="tel" readOnly={busy} {...form.register("phone")} />
            </FormField>
            <FormField label="Organization (optional)" id="inquiry-organization" error={errors.organization?.message}>
              <Input autoComplete="organization" readOnly={busy} {...form.register("organization")} />
            </FormField>
            <FormField label="Kind of event" id="inquiry-type" error={errors.eventType?.message}>
              <select
                className="flex min-h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base md:text-sm"
                {...form.register("eventType")}
              >
                {PRIVATE_EVENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Number of guests (optional)" id="inquiry-guests" error={errors.guestCount?.message}>
              <Input type="number" inputMode="numeric" min={1} readOnly={busy} {...form.register("guestCount")} />
            </FormField>
          </div>
          <FormField label="Preferred date (optional)" id="inquiry-date" error={errors.preferredDate?.message}>
            <Input readOnly={busy} placeholder="e.g. a Saturday in March" {...form.register("preferredDate")} />
          </FormField>
          <FormField label="Message" id="inquiry-message" error={errors.message?.message}>
            <Textarea readOnly={busy} {...form.register("message")} />
          </FormField>
          <Button type="submit" pending={busy} pendingLabel="Sending...">
            Send Request
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
