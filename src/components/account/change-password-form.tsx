"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { showServerErrors } from "@/lib/form-errors";
import { PASSWORD_MIN } from "@/features/auth/constants";
import { changePasswordSchema, type ChangePasswordInput } from "@/features/auth/schemas";

const EMPTY: ChangePasswordInput = { currentPassword: "", password: "", confirmPassword: "" };

/** Her password, changed with the one she has; her other devices are signed out. Focus stays on the button. */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest<{ message: string }>("POST", "/api/auth/password", input),
    onSuccess: ({ message }) => {
      form.reset(EMPTY);
      toast({ title: "Password Changed", description: message });
    },
    onError: (error) => {
      if (!showServerErrors(form, error))
        toastError("Error", errorMessage(error, "Could not change your password. Please try again."));
    },
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((values) => change.mutate(values))} noValidate className="grid max-w-md gap-5">
      <FormField label="Current password" id="currentPassword" error={errors.currentPassword?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          readOnly={change.isPending}
          {...form.register("currentPassword")}
        />
      </FormField>
      <FormField
        label="New password"
        id="password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" readOnly={change.isPending} {...form.register("password")} />
      </FormField>
      <FormField label="Confirm new password" id="confirmPassword" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          readOnly={change.isPending}
          {...form.register("confirmPassword")}
        />
      </FormField>
      <div>
        <Button type="submit" pending={change.isPending} pendingLabel="Changing...">
          Change Password
        </Button>
      </div>
    </form>
  );
}
