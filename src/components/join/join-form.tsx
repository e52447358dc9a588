"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toastError } from "@/hooks/use-toast";
import { reloadAfterSessionChange } from "@/hooks/use-auth";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import { schemaResolver } from "@/lib/schema-resolver";
import type { AcceptInvitationInput } from "@/features/applications/schemas";
import { PASSWORD_MIN } from "@/features/auth/constants";

const acceptInvitationResolver = schemaResolver(() =>
  import("@/features/applications/schemas").then((m) => m.acceptInvitationSchema),
);

export function JoinForm({ token }: { token: string }) {
  const form = useForm<AcceptInvitationInput>({
    resolver: acceptInvitationResolver,
    defaultValues: { token, username: "", password: "", confirmPassword: "" },
  });
  const accept = useMutation({
    mutationFn: (input: AcceptInvitationInput) => apiRequest("POST", "/api/invitations/accept", input),
    onSuccess: () =>
      reloadAfterSessionChange("/profile", { title: "Welcome!", description: "Your member account is ready." }),
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.username)
        form.setError("username", { message: error.fields.username });
      toastError("Error", errorMessage(error, "Could not create your account. Please try again."));
    },
  });
  const busy = accept.isPending || accept.isSuccess;
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={form.handleSubmit((values) => accept.mutate(values))}
      onFocus={acceptInvitationResolver.preload}
      noValidate
      className="grid gap-5"
    >
      <FormField
        label="Username"
        id="username"
        hint="Letters, numbers, dots, hyphens and underscores."
        error={errors.username?.message}
      >
        <Input autoComplete="username" readOnly={busy} {...form.register("username")} />
      </FormField>
      <FormField
        label="Password"
        id="password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" readOnly={busy} {...form.register("password")} />
      </FormField>
      <FormField label="Confirm password" id="confirmPassword" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" readOnly={busy} {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" size="lg" pending={busy} pendingLabel="Creating your account...">
        Create My Account
      </Button>
    </form>
  );
}
