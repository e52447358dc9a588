"use client";

import { Controller, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { UNLOCK_RULE_LABELS, UNLOCK_RULES } from "@/features/courses/constants";

interface UnlockValues {
  unlockRule: string | null;
  unlockDays: number | null;
  unlockDate: string | null;
}

/** An instant as her local day, for a date field. */
function localDay(value: string | null): string {
  if (!value) return "";
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** When a module's (or a lesson's own) lessons open, with the days or the date the rule needs. */
export function UnlockFields<T extends UnlockValues>({
  form,
  prefix,
  inherit,
}: {
  form: UseFormReturn<T>;
  prefix: string;
  /** A lesson may follow its module's rule (the empty choice). */
  inherit?: boolean;
}) {
  const f = form as unknown as UseFormReturn<UnlockValues>;
  const rule = f.watch("unlockRule");
  const errors = f.formState.errors as FieldErrors<UnlockValues>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Opens" id={`${prefix}-unlock`} error={errors.unlockRule?.message}>
        <NativeSelect {...f.register("unlockRule", { setValueAs: (value: string) => (value === "" ? null : value) })}>
          {inherit ? <option value="">As its module</option> : null}
          {UNLOCK_RULES.map((value) => (
            <option key={value} value={value}>
              {UNLOCK_RULE_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {rule === "days_after_start" ? (
        <FormField label="Days after she starts" id={`${prefix}-days`} error={errors.unlockDays?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            {...f.register("unlockDays", { setValueAs: (value: string) => (value === "" ? null : Number(value)) })}
          />
        </FormField>
      ) : null}
      {rule === "on_date" ? (
        <FormField label="Opens on" id={`${prefix}-date`} error={errors.unlockDate?.message}>
          <Controller
            control={f.control}
            name="unlockDate"
            render={({ field }) => (
              <Input
                type="date"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={localDay(field.value)}
                // Her local midnight of the day chosen, as an instant.
                onChange={(event) =>
                  field.onChange(event.target.value ? new Date(`${event.target.value}T00:00`).toISOString() : null)
                }
              />
            )}
          />
        </FormField>
      ) : null}
    </div>
  );
}
