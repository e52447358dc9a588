"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { NativeSelect } from "@/components/ui/native-select";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import { formatCents } from "@/lib/format";
import { cn } from "@/lib/utils";
import { schemaResolver } from "@/lib/schema-resolver";
import { HEARD_ABOUT_OPTIONS } from "@/features/applications/constants";
import type { ApplicationFormValues, ApplicationInput } from "@/features/applications/schemas";
import type { Tier } from "@/features/membership/types";

interface ApplyFormProps {
  tiers: Tier[];
  /** A valid ?tier= from the address: the picker is hidden. */
  preselectedTier: string | null;
  trial: boolean;
  /** The free trial's length (site setting trialDays), shown in trial mode. */
  trialDays: number;
  partnerCode: string;
}

const applicationResolver = schemaResolver(() =>
  import("@/features/applications/schemas").then((m) => m.applicationSchema),
);

export function ApplyForm({ tiers, preselectedTier, trial, trialDays, partnerCode }: ApplyFormProps) {
  const router = useRouter();
  const form = useForm<ApplicationFormValues, unknown, ApplicationInput>({
    resolver: applicationResolver,
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      membershipTier: (preselectedTier ?? undefined) as ApplicationFormValues["membershipTier"],
      heardAbout: "",
      whyJoin: "",
      partnerCode,
      agreeTerms: false,
      isTrial: trial,
    },
  });
  const errors = form.formState.errors;
  const submit = useMutation({
    mutationFn: (values: ApplicationInput) =>
      apiRequest<{ received: true; isTrial: boolean }>("POST", "/api/applications/submit", values),
    onSuccess: (answer) => {
      toast({
        title: "Application Submitted!",
        description: "We've received your application and will be in touch soon.",
      });
      // A card application is paid through the link emailed to her (the only way to its payment).
      router.push(answer.isTrial ? "/trial-confirmation" : "/application-received");
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields))
          form.setError(field as keyof ApplicationFormValues, { message });
      }
      const fallback = "There was a problem submitting your application. Please try again.";
      toastError(
        "Error",

        error instanceof ApiError && (error.status === 429 || error.status === 400)
          ? errorMessage(error, fallback)
          : fallback,
      );
    },
  });
  const busy = submit.isPending || submit.isSuccess;
  const showPicker = !preselectedTier && !trial;
  const chosen = tiers.find((t) => t.id === preselectedTier);

  return (
    <form
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
      onFocus={applicationResolver.preload}
      noValidate
      className="grid gap-5"
      aria-label="Membership application"
    >
      {/* One group, marked disabled while it is sent (aria-disabled, its text fields read-only: a disabled
          field would drop the focus of her Enter); its legend names it (WCAG 1.3.1). */}
      <fieldset aria-disabled={busy || undefined} className="grid gap-5">
        <legend className="sr-only">{trial ? "Your free trial application" : "Your membership application"}</legend>
        {showPicker ? (
          <fieldset
            className="grid gap-3"
            aria-describedby={errors.membershipTier ? "membershipTier-error" : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Membership tier</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {tiers.map((tier) => (
                <label
                  key={tier.id}
                  className={cn(
                    "relative flex cursor-pointer flex-col gap-1 rounded-lg border bg-card p-4 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  )}
                >
                  <input type="radio" value={tier.id} className="sr-only" {...form.register("membershipTier")} />
                  <span className="flex items-center justify-between gap-2 font-semibold">
                    {tier.title}
                    {tier.popular ? (
                      <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                        Most Popular
                      </span>
                    ) : null}
                  </span>
                  <span className="text-sm">
                    {formatCents(tier.monthlyPriceCents)}/month · {tier.durationMonths} months
                  </span>
                </label>
              ))}
            </div>
            {errors.membershipTier ? (
              <p id="membershipTier-error" role="alert" className="text-sm font-medium text-destructive">
                {errors.membershipTier.message}
              </p>
            ) : null}
          </fieldset>
        ) : chosen ? (
          <p className="rounded-lg border bg-muted p-4 text-sm">
            {trial ? "Free trial of the " : "Selected tier: "}
            <strong>{chosen.title}</strong>
            {trial
              ? ` membership for ${trialDays} days. You can change tier when you add a card before it ends.`
              : ` · ${formatCents(chosen.monthlyPriceCents)}/month · ${chosen.durationMonths} months`}
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="First name" id="firstName" error={errors.firstName?.message}>
            <Input autoComplete="given-name" readOnly={busy} {...form.register("firstName")} />
          </FormField>
          <FormField label="Last name" id="lastName" error={errors.lastName?.message}>
            <Input autoComplete="family-name" readOnly={busy} {...form.register("lastName")} />
          </FormField>
        </div>
        <FormField label="Email" id="email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" readOnly={busy} {...form.register("email")} />
        </FormField>
        <FormField label="Phone" id="phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" readOnly={busy} {...form.register("phone")} />
        </FormField>
        <FormField label="How did you hear about us?" id="heardAbout" error={errors.heardAbout?.message}>
          <NativeSelect {...form.register("heardAbout")}>
            <option value="">Choose one</option>
            {HEARD_ABOUT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Why would you like to join?" id="whyJoin" error={errors.whyJoin?.message}>
          <Textarea rows={5} readOnly={busy} {...form.register("whyJoin")} />
        </FormField>
        <FormField
          label="Partner code (optional)"
          id="partnerCode"
          error={errors.partnerCode?.message}
          hint="If a member referred you, enter her partner code."
        >
          <Input autoComplete="off" readOnly={busy} {...form.register("partnerCode")} />
        </FormField>
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Controller
              control={form.control}
              name="agreeTerms"
              render={({ field }) => (
                <Checkbox
                  id="agreeTerms"
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-invalid={errors.agreeTerms ? true : undefined}
                  aria-describedby={errors.agreeTerms ? "agreeTerms-error" : undefined}
                />
              )}
            />
            <Label htmlFor="agreeTerms" className="leading-snug">
              I agree to the{" "}
              <Link href="/terms" className="text-primary underline underline-offset-4">
                terms and conditions
              </Link>{" "}
              and the{" "}
              <Link href="/privacy" className="text-primary underline underline-offset-4">
                privacy policy
              </Link>
              .
            </Label>
          </div>
          {errors.agreeTerms ? (
            <p id="agreeTerms-error" role="alert" className="text-sm font-medium text-destructive">
              {errors.agreeTerms.message}
            </p>
          ) : null}
        </div>
      </fieldset>
      <Button type="submit" size="lg" pending={busy} pendingLabel="Submitting...">
        {trial ? "Start Your Free Trial" : "Submit Application"}
      </Button>
    </form>
  );
}
