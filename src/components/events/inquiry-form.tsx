"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { NativeSelect } from "@/components/ui/native-select";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { schemaResolver } from "@/lib/schema-resolver";
import { PRIVATE_EVENT_TYPES } from "@/features/events/constants";
import type { EventInquiryInput } from "@/features/events/schemas";

const inquiryResolver = schemaResolver(() => import("@/features/events/schemas").then((m) => m.eventInquirySchema));

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

/**
 * The form of "Request Event Info", stored and emailed to the admins; `onSent` closes its dialog. Its
 * first field takes focus when it arrives (it loads when the dialog opens).
 */
export function InquiryForm({ onSent }: { onSent: () => void }) {
  const form = useForm<EventInquiryInput>({ resolver: inquiryResolver as never, defaultValues: EMPTY });
  React.useEffect(() => form.setFocus("name"), [form]);
  const errors = form.formState.errors;
  const submit = useMutation({
    mutationFn: (input: EventInquiryInput) => apiRequest<{ message: string }>("POST", "/api/events/inquiries", input),
    onSuccess: (result) => {
      toast({ title: "Request sent", description: result.message });
      onSent();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Failed to send your request. Please try again.")),
  });
  const busy = submit.isPending;

  return (
    <form
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
      onFocus={inquiryResolver.preload}
      noValidate
      className="grid gap-4"
    >
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
          <NativeSelect {...form.register("eventType")}>
            {PRIVATE_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect>
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
  );
}
