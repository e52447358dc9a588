"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import { schemaResolver } from "@/lib/schema-resolver";
import { useHandoff, type FormHandoff } from "@/components/ui/form-on-demand";
import type { NewsletterSubscribeInput } from "@/features/newsletter/schemas";
import { NewsletterFields } from "./newsletter-fields";
import type { NewsletterFormProps } from "./newsletter-form";

const newsletterResolver = schemaResolver(() =>
  import("@/features/newsletter/schemas").then((m) => m.newsletterSubscribeSchema),
);

/**
 * The newsletter form with its logic, loaded when she comes near the form (newsletter-form.tsx); its
 * toasts' words are the product's. Checked with newsletterSubscribeSchema, the route's own.
 */
export function LiveNewsletterForm({
  source,
  siteName,
  id = "newsletter-email",
  handoff,
}: NewsletterFormProps & { handoff?: FormHandoff }) {
  const form = useForm<NewsletterSubscribeInput>({
    resolver: newsletterResolver as never,
    defaultValues: { email: handoff?.values.email ?? "", source },
  });
  const [succeeded, setSucceeded] = React.useState(false);
  const subscribe = form.handleSubmit(async (values) => {
    setSucceeded(false);
    try {
      await apiRequest("POST", "/api/newsletter/subscribe", values);
      form.reset({ email: "", source });
      setSucceeded(true);
      toast({ title: "Success!", description: "You have been subscribed to our newsletter." });
    } catch (failure) {
      if (showServerErrors(form, failure)) return;
      // All failures alike.
      toastError("Error", "Failed to subscribe. Please try again.");
    }
  });
  useHandoff(handoff, subscribe);
  return (
    <NewsletterFields
      id={id}
      siteName={siteName}
      form={{ onSubmit: subscribe, onFocus: newsletterResolver.preload }}
      email={form.register("email")}
      error={form.formState.errors.email?.message}
      pending={form.formState.isSubmitting}
      succeeded={succeeded}
    />
  );
}
