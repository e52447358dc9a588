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
import { siteSettingsSchema, type SiteSettings } from "@/features/settings/schemas";

type Field = { name: Exclude<keyof SiteSettings, "trialDays">; label: string; type?: string; hint?: string };

const GROUPS: { title: string; fields: Field[] }[] = [
  {
    title: "Identity",
    fields: [
      { name: "siteName", label: "Site name", hint: "Shown in the navbar, the footer, page titles and emails." },
      { name: "tagline", label: "Tagline", hint: "The description search engines and shared links show." },
    ],
  },
  {
    title: "Contact details",
    fields: [
      { name: "contactEmail", label: "Contact email", type: "email" },
      { name: "contactPhone", label: "Contact phone", type: "tel" },
      { name: "contactCity", label: "City" },
    ],
  },
  {
    title: "Links",
    fields: [
      { name: "instagramUrl", label: "Instagram profile", type: "url" },
      { name: "facebookUrl", label: "Facebook page", type: "url" },
      { name: "linkedinUrl", label: "LinkedIn page", type: "url" },
      {
        name: "whatsappChannelUrl",
        label: "WhatsApp channel",
        type: "url",
        hint: "The chat-group banner on the home page links here.",
      },
      {
        name: "lumaCalendarUrl",
        label: "Event calendar page",
        type: "url",
        hint: "View All Events and the RSVP fallback link here.",
      },
      {
        name: "lumaSubscribeUrl",
        label: "Calendar subscription link",
        hint: "A webcal:// address for Subscribe to Calendar; empty hides it.",
      },
    ],
  },
];

/** The site's name, contact details, links and trial length; saving updates every public page. */
export function SiteSettingsForm({ initial }: { initial: SiteSettings }) {
  const router = useRouter();
  const form = useForm<SiteSettings>({ resolver: zodResolver(siteSettingsSchema), defaultValues: initial });
  const errors = form.formState.errors;
  const save = useMutation({
    mutationFn: (values: SiteSettings) => apiRequest<SiteSettings>("PUT", "/api/admin/settings", values),
    onSuccess: (saved) => {
      form.reset(saved);
      toast({ title: "Settings Saved", description: "The site now shows your changes." });
      router.refresh();
    },
    onError: (error) => {
      // What was typed stays in the form.
      showServerErrors(form, error);
      toastError("Error Saving Settings", errorMessage(error, "Could not save the settings. Please try again."));
    },
  });

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid max-w-3xl gap-8">
      {GROUPS.map((group) => (
        <fieldset key={group.title} className="grid gap-5 rounded-xl border bg-card p-5 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">{group.title}</legend>
          {group.fields.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              id={`settings-${field.name}`}
              hint={field.hint}
              error={errors[field.name]?.message}
            >
              <Input type={field.type ?? "text"} readOnly={save.isPending} {...form.register(field.name)} />
            </FormField>
          ))}
        </fieldset>
      ))}
      <fieldset className="grid gap-5 rounded-xl border bg-card p-5 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Membership</legend>
        <FormField
          label="Free trial days"
          id="settings-trialDays"
          hint="0 turns free trials off."
          error={errors.trialDays?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={365}
            readOnly={save.isPending}
            {...form.register("trialDays", { valueAsNumber: true })}
          />
        </FormField>
      </fieldset>
      <div>
        <Button
          type="submit"
          aria-disabled={!form.formState.isDirty || undefined}
          pending={save.isPending}
          pendingLabel="Saving..."
        >
          Save Settings
        </Button>
      </div>
    </form>
  );
}
