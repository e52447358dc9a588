"use client";

import { useForm } from "react-hook-form";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import { schemaResolver } from "@/lib/schema-resolver";
import { useHandoff, type FormHandoff } from "@/components/ui/form-on-demand";
import type { ContactMessageInput } from "@/features/contact/schemas";
import { ContactFields } from "./contact-fields";
import type { ContactFormProps } from "./contact-form";

const contactResolver = schemaResolver(() => import("@/features/contact/schemas").then((m) => m.contactMessageSchema));

/**
 * The contact form with its logic, loaded when she comes near the form (contact-form.tsx): stored and
 * emailed to admins, checked with contactMessageSchema, the route's own.
 */
export function LiveContactForm({ source, handoff }: ContactFormProps & { handoff?: FormHandoff }) {
  const empty: ContactMessageInput = { name: "", email: "", subject: "", message: "", source };
  const form = useForm<ContactMessageInput>({
    resolver: contactResolver as never,
    defaultValues: {
      ...empty,
      name: handoff?.values.name ?? "",
      email: handoff?.values.email ?? "",
      subject: handoff?.values.subject ?? "",
      message: handoff?.values.message ?? "",
    },
  });
  const errors = form.formState.errors;
  const send = form.handleSubmit(async (values) => {
    try {
      await apiRequest("POST", "/api/contact", values);
      form.reset(empty);
      toast({ title: "Message sent", description: "Thank you for your message. We will reply soon." });
    } catch (error) {
      if (showServerErrors(form, error)) return;
      toastError("Error", errorMessage(error, "Your message could not be sent. Please try again."));
    }
  });
  useHandoff(handoff, send);
  return (
    <ContactFields
      source={source}
      form={{ onSubmit: send, onFocus: contactResolver.preload }}
      field={(name) => form.register(name)}
      errors={{
        name: errors.name?.message,
        email: errors.email?.message,
        subject: errors.subject?.message,
        message: errors.message?.message,
      }}
      pending={form.formState.isSubmitting}
    />
  );
}
