"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { contactMessageSchema, type ContactMessageInput } from "@/server/contact/schemas";

/** The FAQ and Contact pages' form (name, email, subject, message), stored and emailed to admins. */
export function ContactForm({ source }: { source: "faq" | "contact" }) {
  const empty: ContactMessageInput = { name: "", email: "", subject: "", message: "", source };
  const form = useForm<ContactMessageInput>({ resolver: zodResolver(contactMessageSchema), defaultValues: empty });
  const send = useMutation({
    mutationFn: (input: ContactMessageInput) => apiRequest("POST", "/api/contact", input),
    onSuccess: () => {
      toast({ title: "Message sent", description: "Thank you for your message. We will reply soon." });
      form.reset(empty);
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Your message could not be sent. Please try again."), variant: "destructive" }),
  });
  const errors = form.formState.errors;
  const id = (name: string) => `${source}-contact-${name}`;
  return (
    <form onSubmit={form.handleSubmit((values) => send.mutate(values))} noValidate className="grid max-w-2xl gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" id={id("name")} error={errors.name?.message}>
          <Input autoComplete="name" disabled={send.isPending} {...form.register("name")} />
        </FormField>
        <FormField label="Email" id={id("email")} error={errors.email?.message}>
          <Input type="email" autoComplete="email" disabled={send.isPending} {...form.register("email")} />
        </FormField>
      </div>
      <FormField label="Subject" id={id("subject")} error={errors.subject?.message}>
        <Input disabled={send.isPending} {...form.register("subject")} />
      </FormField>
      <FormField label="Message" id={id("message")} error={errors.message?.message}>
        <Textarea rows={6} disabled={send.isPending} {...form.register("message")} />
      </FormField>
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
