"use client";

import * as React from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import { birthDataSchema, type BirthDataInput } from "@/features/spiritual-profile/schemas";
import type { StoredBirthData } from "@/features/spiritual-profile/types";
import { PlaceCombobox } from "./place-combobox";

/** Minutes east of UTC as the offset field takes it: "-01:00". */
const offsetText = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(Math.round(abs % 60)).padStart(2, "0")}`;
};

const offsetLabel = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? "−" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(Math.round(abs % 60)).padStart(2, "0")}`;
};

/** What the page's Generate buttons ask of the form before a report (it validates first). */
export interface BirthDataFormHandle {
  /** Shows each field's message and moves focus to the first wrong one; true when every field is valid. */
  validate: () => Promise<boolean>;
}

export function BirthDataForm({
  userId,
  saved,
  onSaved,
  ref,
}: {
  userId: number;
  saved: StoredBirthData | null;
  onSaved: (data: StoredBirthData | null) => void;
  ref?: React.Ref<BirthDataFormHandle>;
}) {
  const form = useForm<BirthDataInput>({
    resolver: zodResolver(birthDataSchema),
    defaultValues: {
      birthDate: saved?.birthDate ?? "",
      birthTime: saved?.birthTime ?? "",
      birthLocation: saved?.place.label ?? "",
      placeId: saved?.place.id ?? "",
      timeChoice: saved?.timeChoice,
      utcOffset: saved?.offsetKind === "manual" ? offsetText(saved.offsetMinutes) : "",
    },
  });
  const birthLocation = useWatch({ control: form.control, name: "birthLocation" });
  React.useImperativeHandle(ref, () => ({ validate: () => form.trigger(undefined, { shouldFocus: true }) }), [form]);
  const [ambiguity, setAmbiguity] = React.useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: BirthDataInput) =>
      apiRequest<{ birthData: StoredBirthData }>("PATCH", `/api/users/${userId}`, values),
    onSuccess: (result) => {
      setAmbiguity(null);
      onSaved(result.birthData);
      toast({ title: "Your birth data has been saved" });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.timeChoice) {
        setAmbiguity(error.fields.timeChoice);
        return;
      }
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in form.getValues()) form.setError(field as keyof BirthDataInput, { message });
        }
      }
      toastError("Failed to save your birth data", errorMessage(error, "Please try again."));
    },
  });
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/users/${userId}/birth-data`),
    onSuccess: () => {
      form.reset({
        birthDate: "",
        birthTime: "",
        birthLocation: "",
        placeId: "",
        timeChoice: undefined,
        utcOffset: "",
      });
      onSaved(null);
      toast({ title: "Your birth data has been deleted" });
    },
    onError: (error) => toastError("Failed to delete your birth data", errorMessage(error, "Please try again.")),
  });

  const placeError = form.formState.errors.birthLocation?.message ?? form.formState.errors.placeId?.message;
  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {/* items-start: a field with a longer hint or an error must not stretch its neighbour's rows, which
          made the date field taller and lower than the time field beside it. */}
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label="Birth date"
          id="birthDate"
          error={form.formState.errors.birthDate?.message}
          hint="Day, month and year, as on your birth certificate."
        >
          <Input
            type="date"
            min="1800-01-01"
            className="h-10"
            {...form.register("birthDate", { onChange: () => setAmbiguity(null) })}
          />
        </FormField>
        {/* Text, not type="time": browsers show a time input in the reader's locale (AM/PM in the US), and this
            field is 24-hour, as the product fixes it. The schema checks HH:MM. */}
        <FormField
          label="Birth time (24-hour)"
          id="birthTime"
          error={form.formState.errors.birthTime?.message}
          hint="Hours and minutes (HH:MM, 00:00 to 23:59), local time as on your birth certificate."
        >
          {/* No placeholder: an example value in the field reads as one already filled in; the hint says the form. */}
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            className="h-10 sm:max-w-40"
            {...form.register("birthTime", { onChange: () => setAmbiguity(null) })}
          />
        </FormField>
      </div>
      <FormField
        label="Birth location"
        id="birthLocation"
        error={placeError}
        hint="Start typing your birth city and choose it from the list."
      >
        <PlaceCombobox
          value={birthLocation}
          onTextChange={(text) => {
            form.setValue("birthLocation", text);
            form.setValue("placeId", "");
          }}
          onSelect={(place) => {
            form.setValue("birthLocation", place.label, { shouldValidate: true });
            form.setValue("placeId", place.id, { shouldValidate: true });
            setAmbiguity(null);
          }}
        />
      </FormField>
      <FormField
        label="UTC offset (optional)"
        id="utcOffset"
        error={form.formState.errors.utcOffset?.message}
        hint="Leave empty unless your birth certificate or astro.com gives a different offset from the one shown after saving. Write it as + or - and HH:MM, e.g. -01:00 for Iceland before 1968."
      >
        <Input
          inputMode="text"
          autoComplete="off"
          {...form.register("utcOffset", { onChange: () => setAmbiguity(null) })}
        />
      </FormField>
      {ambiguity && (
        <fieldset className="grid gap-2 rounded-md border border-amber-500 p-4" aria-describedby="time-choice-help">
          <legend className="px-1 text-sm font-medium">Which {form.getValues("birthTime")}?</legend>
          <p id="time-choice-help" role="alert" className="text-sm">
            {ambiguity}
          </p>
          {(["earlier", "later"] as const).map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input type="radio" value={choice} {...form.register("timeChoice")} />
              {choice === "earlier" ? "The earlier one" : "The later one"}
            </label>
          ))}
        </fieldset>
      )}
      {saved && (
        <p className="text-sm text-muted-foreground">
          Saved: {saved.birthDate} {saved.birthTime} in {saved.place.label}, {offsetLabel(saved.offsetMinutes)}
          {saved.offsetKind === "lmt"
            ? " (local mean time, before standard time was adopted there)"
            : saved.offsetKind === "daylight"
              ? " (daylight saving time)"
              : saved.offsetKind === "manual"
                ? " (the offset you entered)"
                : ""}
          .
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />} Save Birth Data
        </Button>
        {saved && (
          <Button type="button" variant="outline" pending={remove.isPending} onClick={() => remove.mutate()}>
            Delete Birth Data
          </Button>
        )}
      </div>
    </form>
  );
}
