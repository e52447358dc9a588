"use client";

import * as React from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { MoveButtons } from "@/components/ui/move-buttons";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { ONBOARDING_STEP_TEXT, ONBOARDING_STEPS, type OnboardingStep } from "@/features/onboarding/constants";
import { siteSettingsSchema } from "@/features/settings/schemas";

const onboardingStepsSchema = siteSettingsSchema.pick({ onboardingSteps: true });
type Values = { onboardingSteps: OnboardingStep[] };

/** Which first steps a new member's checklist shows, in which order; moved with buttons, so by keyboard too. */
export function OnboardingStepsForm({ initial }: { initial: OnboardingStep[] }) {
  const form = useForm<Values>({
    resolver: zodResolver(onboardingStepsSchema),
    defaultValues: { onboardingSteps: initial },
  });
  const steps = useWatch({ control: form.control, name: "onboardingSteps" });
  const set = (next: OnboardingStep[]) =>
    form.setValue("onboardingSteps", next, { shouldDirty: true, shouldValidate: true });
  // A moved row's button is moved in the page; focus follows it there rather than falling to the page.
  const focusAfter = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (focusAfter.current) document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });
  const move = (index: number, by: -1 | 1, buttonId: string) => {
    const next = [...steps];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    focusAfter.current = buttonId;
    set(next);
  };
  const save = useMutation({
    mutationFn: (values: Values) => apiRequest("PUT", "/api/admin/settings", values),
    onSuccess: () => {
      form.reset(form.getValues());
      toast({ title: "Onboarding saved", description: "New members see these steps in this order." });
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not save.")),
  });
  const hidden = ONBOARDING_STEPS.filter((step) => !steps.includes(step));
  const error = form.formState.errors.onboardingSteps?.message ?? form.formState.errors.onboardingSteps?.root?.message;
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid max-w-3xl gap-6">
      <section aria-labelledby="steps-shown" className="grid gap-2">
        <h2 id="steps-shown" className="text-xl font-semibold">
          Shown, in this order
        </h2>
        <ol className="grid gap-2">
          {steps.map((step, index) => (
            <li key={step} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <span>
                {index + 1}. {ONBOARDING_STEP_TEXT[step].label}
              </span>
              <span className="flex gap-2">
                <MoveButtons
                  name={ONBOARDING_STEP_TEXT[step].label}
                  first={index === 0}
                  last={index === steps.length - 1}
                  ids={{ up: `up-${step}`, down: `down-${step}` }}
                  onMove={(direction) =>
                    direction === "up" ? move(index, -1, `up-${step}`) : move(index, 1, `down-${step}`)
                  }
                />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${ONBOARDING_STEP_TEXT[step].label}`}
                  onClick={() => {
                    focusAfter.current = "steps-shown";
                    set(steps.filter((s) => s !== step));
                  }}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </section>
      {hidden.length > 0 ? (
        <section aria-labelledby="steps-hidden" className="grid gap-2">
          <h2 id="steps-hidden" className="text-xl font-semibold">
            Not shown
          </h2>
          <ul className="grid gap-2">
            {hidden.map((step) => (
              <li key={step} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                <span>{ONBOARDING_STEP_TEXT[step].label}</span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Add ${ONBOARDING_STEP_TEXT[step].label}`}
                  onClick={() => {
                    focusAfter.current = `up-${step}`;
                    set([...steps, step]);
                  }}
                >
                  Add
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div>
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save Steps
        </Button>
      </div>
    </form>
  );
}
