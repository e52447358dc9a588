"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { schemaResolver } from "@/lib/schema-resolver";
import type { ForgotPasswordInput } from "@/features/auth/schemas";

const forgotPasswordResolver = schemaResolver(() =>
  import("@/features/auth/schemas").then((m) => m.forgotPasswordSchema),
);

export function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordInput>({
    resolver: forgotPasswordResolver,
    defaultValues: { email: "" },
  });
  const request = useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest<{ message: string }>("POST", "/api/auth/forgot-password", input),
    onError: (error) => toastError("Error", errorMessage(error, "Something went wrong. Please try again.")),
  });

  if (request.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-secondary p-4 text-secondary-foreground">
        {request.data.message}
      </p>
    );
  }
  return (
    <form
      onSubmit={form.handleSubmit((values) => request.mutate(values))}
      onFocus={forgotPasswordResolver.preload}
      noValidate
      className="grid gap-5"
    >
      <p className="text-muted-foreground">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <FormField label="Email" id="email" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" readOnly={request.isPending} {...form.register("email")} />
      </FormField>
      <Button type="submit" size="lg" pending={request.isPending} pendingLabel="Sending...">
        Send reset link
      </Button>
    </form>
  );
}
