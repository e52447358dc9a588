"use client";

import * as React from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { refreshCurrentUser } from "@/hooks/use-auth";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import { acceptAttribute, UPLOAD_KINDS } from "@/features/storage/kinds";
import { profileSchema, type ProfileFormValues, type ProfileInput } from "@/features/profiles/schemas";
import type { OwnProfile } from "@/features/profiles/types";

type Field = keyof ProfileFormValues;

/** The Edit Profile form; it replaces the profile page while open. */
export function ProfileForm({ profile, onDone }: { profile: OwnProfile; onDone: (saved: boolean) => void }) {
  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      bio: profile.bio ?? "",
      profilePicture: profile.profilePicture ?? "",
      location: profile.location ?? "",
      occupation: profile.occupation ?? "",
      interests: profile.interests.join(", "),
      isMentor: profile.isMentor,
      mentorTopics: profile.mentorTopics.join(", "),
      locationVisibility: profile.locationVisibility,
      occupationVisibility: profile.occupationVisibility,
      bioVisibility: profile.bioVisibility,
      hiddenFromDirectory: profile.hiddenFromDirectory,
    },
  });
  const isMentor = useWatch({ control: form.control, name: "isMentor" });
  // Only a picture she uploads here (never a link to another site, which every viewer would load).
  const picture = useWatch({ control: form.control, name: "profilePicture" });
  const [problem, setProblem] = React.useState(false);
  const errors = form.formState.errors;
  const error = (name: Field) => errors[name]?.message as string | undefined;

  const save = useMutation({
    mutationFn: (values: ProfileInput) => apiRequest("PATCH", `/api/users/${profile.id}`, values),
    onSuccess: async () => {
      setProblem(false);
      await refreshCurrentUser();
      toast({ title: "Profile Updated", description: "Your profile changes have been saved successfully." });
      onDone(true);
    },
    onError: (failure) => {
      showServerErrors(form, failure);
      setProblem(true);
      toastError("Update Failed", "Failed to update your profile. Please try again.");
    },
  });

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const kind = UPLOAD_KINDS.avatar;
      if (file.size > kind.maxBytes) throw new Error(kind.tooLargeMessage);
      const response = await fetch(`/api/uploads/avatar?name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        body: file,
        credentials: "include",
      });
      const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !body.url)
        throw new Error(body.error ?? "The picture could not be uploaded. Please try again.");
      return body.url;
    },
    onSuccess: (url) => {
      form.setValue("profilePicture", url, { shouldDirty: true });
      form.clearErrors("profilePicture");
    },
    onError: (failure) =>
      form.setError("profilePicture", {
        message: failure instanceof Error ? failure.message : errorMessage(failure, "Upload failed"),
      }),
  });

  const visibility = (name: "locationVisibility" | "occupationVisibility" | "bioVisibility", label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <Checkbox
            id={name}
            checked={field.value === "members"}
            onCheckedChange={(checked) => field.onChange(checked === true ? "members" : "nobody")}
          />
          <Label htmlFor={name} className="font-normal">
            {label}
          </Label>
        </div>
      )}
    />
  );

  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      noValidate
      className="grid gap-5"
      aria-labelledby="edit-profile-title"
    >
      <h1 id="edit-profile-title" className="text-3xl font-semibold">
        Edit Profile
      </h1>
      {problem ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          There was a problem updating your profile. Please try again.
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" id="firstName" error={error("firstName")}>
          <Input autoComplete="given-name" {...form.register("firstName")} />
        </FormField>
        <FormField label="Last name" id="lastName" error={error("lastName")}>
          <Input autoComplete="family-name" {...form.register("lastName")} />
        </FormField>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        {picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- her own upload, served with her session from /api/files
          <img
            src={picture}
            alt="Your profile picture"
            data-testid="picture-preview"
            className="size-20 rounded-full border object-cover"
          />
        ) : null}
        <FormField
          label="Upload a picture"
          id="avatarUpload"
          error={error("profilePicture")}
          hint={upload.isPending ? "Uploading..." : "JPEG, PNG or WebP, up to 5 MB."}
          className="flex-1"
        >
          <input
            type="file"
            accept={acceptAttribute("avatar")}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-card file:px-3 file:py-1.5"
            aria-disabled={upload.isPending || undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file && !upload.isPending) upload.mutate(file);
            }}
          />
        </FormField>
        {picture ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => form.setValue("profilePicture", "", { shouldDirty: true })}
          >
            Remove picture
          </Button>
        ) : null}
      </div>
      <FormField label="Bio" id="bio" error={error("bio")}>
        <Textarea rows={4} {...form.register("bio")} />
      </FormField>
      {visibility("bioVisibility", "Show my bio to members")}
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <FormField label="Location" id="location" error={error("location")}>
            <Input autoComplete="address-level2" {...form.register("location")} />
          </FormField>
          {visibility("locationVisibility", "Show my location to members")}
        </div>
        <div className="grid gap-2">
          <FormField label="Occupation" id="occupation" error={error("occupation")}>
            <Input autoComplete="organization-title" {...form.register("occupation")} />
          </FormField>
          {visibility("occupationVisibility", "Show my occupation to members")}
        </div>
      </div>
      <FormField label="Interests" id="interests" error={error("interests")} hint="Separate them with commas.">
        <Input {...form.register("interests")} />
      </FormField>
      <Controller
        control={form.control}
        name="isMentor"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id="isMentor"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <Label htmlFor="isMentor" className="font-normal">
              Offer Mentorship
            </Label>
          </div>
        )}
      />
      {isMentor ? (
        <FormField
          label="Mentor topics"
          id="mentorTopics"
          error={error("mentorTopics")}
          hint="Separate them with commas."
        >
          <Input {...form.register("mentorTopics")} />
        </FormField>
      ) : null}
      <Controller
        control={form.control}
        name="hiddenFromDirectory"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id="hiddenFromDirectory"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <Label htmlFor="hiddenFromDirectory" className="font-normal">
              Hide me from the member directory
            </Label>
          </div>
        )}
      />
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          aria-disabled={upload.isPending || undefined}
          pending={save.isPending}
          pendingLabel="Saving..."
        >
          Save Changes
        </Button>
        <Button type="button" variant="outline" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
