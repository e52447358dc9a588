"use client";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { useApiForm } from "@/hooks/use-api-form";
import { errorMessage } from "@/lib/api-client";

/**
 * The FAQ and Contact pages' form (name, email, subject, message), stored and emailed to admins.
 * Validated by the route's contactMessageSchema (see useApiForm).
 */
export function ContactForm({ source }: { source: "faq" | "contact" }) {
  const { onSubmit, pending, errors } = useApiForm({
    path: "/api/contact",
    extra: { source },
    onSuccess: () => toast({ title: "Message sent", description: "Thank you for your message. We will reply soon." }),
    onError: (error) =>
      toast({
        title: "Error",
        description: errorMessage(error, "Your message could not be sent. Please try again."),
        variant: "destructive",
      }),
  });
  const id = (name: string) => `${source}-contact-${name}`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" id={id("name")} error={errors.name}>
          <Input name="name" autoComplete="name" readOnly={pending} />
        </FormField>
        <FormField label="Email" id={id("email")} error={errors.email}>
          <Input name="email" type="email" autoComplete="email" readOnly={pending} />
        </FormField>
      </div>
      <FormField label="Subject" id={id("subject")} error={errors.subject}>
        <Input name="subject" readOnly={pending} />
      </FormField>
      <FormField label="Message" id={id("message")} error={errors.message}>
        <Textarea name="message" rows={6} readOnly={pending} />
      </FormField>
      <div>
        <Button type="submit" pending={pending} pendingLabel="Sending...">
          Send Message
        </Button>
      </div>
    </form>
  );
}
