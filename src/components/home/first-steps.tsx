"use client";

import * as React from "react";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Circle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { ONBOARDING_STEP_TEXT } from "@/features/onboarding/constants";
import type { OnboardingChecklist } from "@/features/onboarding/types";

/**
 * Her first steps on /home, each ticked by doing it. Put away, the checklist is gone and her focus goes
 * to the page's heading (`afterHide`), not to the page's top.
 */
export function FirstSteps({ checklist, afterHide }: { checklist: OnboardingChecklist; afterHide: () => void }) {
  const queryClient = useQueryClient();
  const hide = useMutation({
    mutationFn: () => apiRequest<{ ok: true }>("POST", "/api/onboarding/hide"),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["/api/home"] });
      toast({ title: "Checklist hidden", description: "Your first steps are put away." });
      afterHide();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not hide the checklist.")),
  });
  const done = checklist.steps.filter((step) => step.done).length;
  const total = checklist.steps.length;
  return (
    <section aria-labelledby="home-first-steps" className="grid gap-3 rounded-lg border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-first-steps" className="text-xl font-semibold">
          Your first steps
        </h2>
        <p className="text-sm text-muted-foreground" id="home-first-steps-progress">
          {done} of {total} done
        </p>
      </div>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-primary"
        value={done}
        max={total}
        aria-labelledby="home-first-steps-progress"
      />
      {done === total ? (
        <p>You have done them all. Welcome in!</p>
      ) : (
        <p className="text-sm text-muted-foreground">Each step is ticked when you do it.</p>
      )}
      <ul className="grid gap-2">
        {checklist.steps.map((step) => {
          const text = ONBOARDING_STEP_TEXT[step.id];
          return (
            <li key={step.id} className="flex gap-3">
              {step.done ? (
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              ) : (
                <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <div>
                <Link href={step.href} className="font-medium underline-offset-4 hover:underline">
                  {text.label}
                </Link>
                <span className="sr-only">{step.done ? " (done)" : " (not done yet)"}</span>
                <p className="text-sm text-muted-foreground">{text.hint}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => hide.mutate()}
          pending={hide.isPending}
          pendingLabel="Hiding..."
        >
          Hide checklist
        </Button>
      </div>
    </section>
  );
}
