"use client";

import * as React from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * The newsletter form as she sees it: Email, Subscribe, the consent text. One markup for the stand-in a
 * page loads with and the form with its logic (newsletter-form-live.tsx), so the swap moves nothing.
 */
export function NewsletterFields({
  id,
  siteName,
  form,
  email,
  error,
  pending = false,
  succeeded = false,
}: {
  id: string;
  siteName: string;
  form: React.FormHTMLAttributes<HTMLFormElement> & { ref?: React.Ref<HTMLFormElement> };
  email: React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
  error?: string;
  pending?: boolean;
  succeeded?: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <form {...form} noValidate className="w-full max-w-xl">
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
          {...email}
        />
        <Button id={`${id}-submit`} type="submit" pending={pending} pendingLabel="Subscribing...">
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
