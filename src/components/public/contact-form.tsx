"use client";

import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import { schemaResolver } from "@/lib/schema-resolver";
import type { ContactMessageInput } from "@/features/contact/schemas";

const contactResolver = schemaResolver(() => import("@/features/contact/schemas").then((m) => m.contactMessageSchema));

/**
 * The FAQ and Contact pages' form (name, email, subject, message), stored and emailed to admins,
 * checked with contactMessageSchema, the route's own (loaded with the form: src/lib/schema-resolver.ts).
 */
export function ContactForm({ source }: { source: "faq" | "contact" }) {
  const empty: ContactMessageInput = { name: "", email: "", subject: "", message: "", source };
  const form = useForm<ContactMessageInput>({ resolver: contactResolver as never, defaultValues: empty });
  const errors = form.formState.errors;
  const pending = form.formState.isSubmitting;
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
  const id = (name: string) => `${source}-contact-${name}`;
  return (
    <form onSubmit={send} onFocus={contactResolver.preload} noValidate className="grid max-w-2xl gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" id={id("name")} error={errors.name?.message}>
          <Input autoComplete="name" readOnly={pending} {...form.register("name")} />
        </FormField>
        <FormField label="Email" id={id("email")} error={errors.email?.message}>
          <Input type="email" autoComplete="email" readOnly={pending} {...form.register("email")} />
        </FormField>
      </div>
      <FormField label="Subject" id={id("subject")} error={errors.subject?.message}>
        <Input readOnly={pending} {...form.register("subject")} />
      </FormField>
      <FormField label="Message" id={id("message")} error={errors.message?.message}>
        <Textarea rows={6} readOnly={pending} {...form.register("message")} />
      </FormField>
      <div>
        <Button type="submit" pending={pending} pendingLabel="Sending...">
          Send Message
        </Button>
      </div>
    </form>
  );
}
