"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import { LEVEL_NAME_MAX } from "@/features/levels/constants";
import { levelLadderSchema, type LevelLadder } from "@/features/levels/schemas";

/** The nine levels' names and thresholds. */
export function LevelsForm({ initial }: { initial: LevelLadder }) {
  const router = useRouter();
  const form = useForm<LevelLadder>({ resolver: zodResolver(levelLadderSchema), defaultValues: initial });
  const errors = form.formState.errors.levels;
  const save = useMutation({
    mutationFn: (values: LevelLadder) => apiRequest<LevelLadder>("PUT", "/api/admin/levels", values),
    onSuccess: (saved) => {
      form.reset(saved);
      toast({ title: "Levels Saved", description: "Members' levels now follow the new thresholds." });
      router.refresh();
    },
    onError: (error) => {
      showServerErrors(form, error);
      toastError("Error Saving Levels", errorMessage(error, "Could not save the levels. Please try again."));
    },
  });
  return (
    <div className="grid max-w-3xl gap-8">
      <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid gap-6">
        <fieldset className="grid gap-4 rounded-xl border bg-card p-5">
          <legend className="px-1 text-lg font-semibold">Levels and thresholds</legend>
          {initial.levels.map((level, index) => (
            <div key={level.level} className="grid gap-4 sm:grid-cols-[6rem_1fr_10rem] sm:items-start">
              <p className="font-medium sm:pt-8">Level {level.level}</p>
              <FormField
                label={`Level ${level.level} name`}
                id={`level-${level.level}-name`}
                error={errors?.[index]?.name?.message}
              >
                <Input
                  maxLength={LEVEL_NAME_MAX}
                  readOnly={save.isPending}
                  {...form.register(`levels.${index}.name`)}
                />
              </FormField>
              <FormField
                label={`Level ${level.level} starts at (points)`}
                id={`level-${level.level}-points`}
                error={errors?.[index]?.minPoints?.message}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  readOnly={save.isPending || index === 0}
                  {...form.register(`levels.${index}.minPoints`, { valueAsNumber: true })}
                />
              </FormField>
            </div>
          ))}
        </fieldset>
        <div>
          <Button
            type="submit"
            aria-disabled={!form.formState.isDirty || undefined}
            pending={save.isPending}
            pendingLabel="Saving..."
          >
            Save Levels
          </Button>
        </div>
      </form>
    </div>
  );
}
