"use client";

import * as React from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import type { StartHereChoice } from "@/features/onboarding/types";
import { siteSettingsSchema } from "@/features/settings/schemas";

const startHereSchema = siteSettingsSchema.pick({ startHereItemId: true });

/**
 * Which published library item the start-here step opens; "None" hides the step. A native select, so
 * a keyboard and every screen reader work it as they work any other.
 */
export function StartHereForm({ initial, choices }: { initial: number | null; choices: StartHereChoice[] }) {
  const [chosen, setChosen] = React.useState(initial === null ? "" : String(initial));
  const [error, setError] = React.useState<string>();
  const save = useMutation({
    mutationFn: (startHereItemId: number | null) =>
      apiRequest("PUT", "/api/admin/settings", startHereSchema.parse({ startHereItemId })),
    onSuccess: (_, startHereItemId) => {
      setError(undefined);
      toast({
        title: "Start-here item saved",
        description:
          startHereItemId === null
            ? "The start-here step is not shown until you choose an item."
            : "New members' start-here step opens this item.",
      });
    },
    onError: (failure) => {
      setError(failure instanceof ApiError ? failure.fields?.startHereItemId : undefined);
      toastError("Error", errorMessage(failure, "Could not save."));
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(chosen === "" ? null : Number(chosen));
      }}
      noValidate
      className="grid max-w-3xl gap-4"
      aria-labelledby="start-here-heading"
    >
      <h2 id="start-here-heading" className="text-xl font-semibold">
        Start-here item
      </h2>
      <FormField
        id="start-here-item"
        label="Library item the start-here step opens"
        hint="A published library item. While none is chosen, the step is not shown."
        error={error}
      >
        <NativeSelect value={chosen} onChange={(event) => setChosen(event.target.value)} className="w-auto">
          <option value="">None (the step is not shown)</option>
          {choices.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div>
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save Start-Here Item
        </Button>
      </div>
    </form>
  );
}
