"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

type FieldProps<E> = React.InputHTMLAttributes<E> & React.TextareaHTMLAttributes<E> & { ref?: React.Ref<E> };
export type ContactFieldName = "name" | "email" | "subject" | "message";

/**
 * The contact form as she sees it (name, email, subject, message). One markup for the stand-in a page
 * loads with and the form with its logic (contact-form-live.tsx), so the swap moves nothing.
 */
export function ContactFields({
  source,
  form,
  field,
  errors = {},
  pending = false,
}: {
  source: "faq" | "contact";
  form: React.FormHTMLAttributes<HTMLFormElement> & { ref?: React.Ref<HTMLFormElement> };
  field: (name: ContactFieldName) => FieldProps<HTMLInputElement & HTMLTextAreaElement>;
  errors?: Partial<Record<ContactFieldName, string>>;
  pending?: boolean;
}) {
  const id = (name: string) => `${source}-contact-${name}`;
  return (
    <form {...form} noValidate className="grid max-w-2xl gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" id={id("name")} error={errors.name}>
          <Input autoComplete="name" readOnly={pending} {...field("name")} />
        </FormField>
        <FormField label="Email" id={id("email")} error={errors.email}>
          <Input type="email" autoComplete="email" readOnly={pending} {...field("email")} />
        </FormField>
      </div>
      <FormField label="Subject" id={id("subject")} error={errors.subject}>
        <Input readOnly={pending} {...field("subject")} />
      </FormField>
      <FormField label="Message" id={id("message")} error={errors.message}>
        <Textarea rows={6} readOnly={pending} {...field("message")} />
      </FormField>
      <div>
        <Button id={id("submit")} type="submit" pending={pending} pendingLabel="Sending...">
          Send Message
        </Button>
      </div>
    </form>
  );
}
