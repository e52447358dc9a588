"use client";

import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api-client";
import { newsletterSubscribeSchema, type NewsletterSubscribeInput } from "@/server/newsletter/schemas";

/** Spec 01, Newsletter signup: email, Subscribe, consent text; toasts from spec 01 section 8. */
export function NewsletterForm({ source, siteName, id = "newsletter-email" }: { source: "home" | "blog"; siteName: string; id?: string }) {
  const form = useForm<NewsletterSubscribeInput>({ resolver: zodResolver(newsletterSubscribeSchema), defaultValues: { email: "", source } });
  const subscribe = useMutation({
    mutationFn: (input: NewsletterSubscribeInput) => apiRequest("POST", "/api/newsletter/subscribe", input),
    onSuccess: () => {
      toast({ title: "Success!", description: "You have been subscribed to our newsletter." });
      form.reset({ email: "", source });
    },
    // Spec 01 section 8: all failures alike.
    onError: () => toast({ title: "Error", description: "Failed to subscribe. Please try again.", variant: "destructive" }),
  });
  const error = form.formState.errors.email?.message;
  const errorId = `${id}-error`;

  return (
    <form onSubmit={form.handleSubmit((values) => subscribe.mutate(values))} noValidate className="w-full max-w-xl">
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
          disabled={subscribe.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="flex-1"
          {...form.register("email")}
        />
        <Button type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {subscribe.isSuccess ? (
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
