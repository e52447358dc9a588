"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { useApiForm } from "@/hooks/use-api-form";

/**
 * Email, Subscribe, consent text; its toasts' words are the product's.
 * Validated by the route's newsletterSubscribeSchema (see useApiForm).
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
  const { onSubmit, pending, succeeded, errors } = useApiForm({
    path: "/api/newsletter/subscribe",
    extra: { source },
    onSuccess: () => toast({ title: "Success!", description: "You have been subscribed to our newsletter." }),
    // All failures alike.
    onError: () =>
      toast({ title: "Error", description: "Failed to subscribe. Please try again.", variant: "destructive" }),
  });
  const error = errors.email;
  const errorId = `${id}-error`;

  return (
    <form onSubmit={onSubmit} noValidate className="w-full max-w-xl">
      <Label htmlFor={id} className="sr-only">
        Email address
      </Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id={id}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          readOnly={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="flex-1"
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
