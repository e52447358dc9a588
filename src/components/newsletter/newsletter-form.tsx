"use client";

import * as React from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import { schemaResolver } from "@/lib/schema-resolver";
import type { NewsletterSubscribeInput } from "@/features/newsletter/schemas";

const newsletterResolver = schemaResolver(() =>
  import("@/features/newsletter/schemas").then((m) => m.newsletterSubscribeSchema),
);

/**
 * Email, Subscribe, consent text; its toasts' words are the product's. Checked with
 * newsletterSubscribeSchema, the route's own (loaded with the form: src/lib/schema-resolver.ts).
 */
export function NewsletterForm({
  source,
  siteName,
  id = "newsletter-email",
}: {
  source: "home" | "blog";
  siteName: string;
  id?: string;
}) {
  const form = useForm<NewsletterSubscribeInput>({
    resolver: newsletterResolver as never,
    defaultValues: { email: "", source },
  });
  const [succeeded, setSucceeded] = React.useState(false);
  const pending = form.formState.isSubmitting;
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
  const error = form.formState.errors.email?.message;
  const errorId = `${id}-error`;

  return (
    <form onSubmit={subscribe} onFocus={newsletterResolver.preload} noValidate className="w-full max-w-xl">
      <Label htmlFor={id} className="sr-only">
        Email address
      </Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id={id}
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          readOnly={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="flex-1"
          {...form.register("email")}
        />
        <Button type="submit" pending={pending} pendingLabel="Subscribing...">
          Subscribe
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {succeeded ? (
        <p role="status" className="mt-2 text-sm">
          Please check your inbox and confirm your subscription.
        </p>
      ) : null}
      <p className="mt-3 text-sm text-muted-foreground">
        By subscribing you agree to our{" "}
        <Link href="/privacy" className="underline underline-offset-4">
          Privacy Policy
        </Link>{" "}
        and consent to receive updates from {siteName}.
      </p>
    </form>
  );
}
