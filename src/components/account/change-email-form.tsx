"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import { changeEmailSchema, type ChangeEmailInput } from "@/features/auth/schemas";

const EMPTY: ChangeEmailInput = { newEmail: "", currentPassword: "" };

/**
 * Another email address: a link goes to it, and the address changes when she opens it there. What was
 * sent is said beside the button, where her focus stays.
 */
export function ChangeEmailForm({ email }: { email: string }) {
  const [sent, setSent] = React.useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailSchema), defaultValues: EMPTY });
  const request = useMutation({
    mutationFn: (input: ChangeEmailInput) => apiRequest<{ message: string }>("POST", "/api/auth/email-change", input),
    onSuccess: ({ message }) => {
      form.reset(EMPTY);
      setSent(message);
    },
    onError: (error) => {
      setSent(null);
      if (!showServerErrors(form, error))
        toastError("Error", errorMessage(error, "Could not send the link. Please try again."));
    },
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((values) => request.mutate(values))} noValidate className="grid max-w-md gap-5">
      <p>
        Your email address is <strong>{email}</strong>.
      </p>
      <FormField label="New email address" id="newEmail" error={errors.newEmail?.message}>
        <Input type="email" autoComplete="email" readOnly={request.isPending} {...form.register("newEmail")} />
      </FormField>
      <FormField label="Current password" id="emailCurrentPassword" error={errors.currentPassword?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          readOnly={request.isPending}
          {...form.register("currentPassword")}
        />
      </FormField>
      <div className="grid gap-3">
        <div>
          <Button type="submit" pending={request.isPending} pendingLabel="Sending...">
            Send Confirmation Link
          </Button>
        </div>
        <p role="status" className="text-sm">
          {sent}
        </p>
      </div>
    </form>
  );
}
