"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { schemaResolver } from "@/lib/schema-resolver";
import { PASSWORD_MIN } from "@/features/auth/constants";
import type { ResetPasswordInput } from "@/features/auth/schemas";

const resetPasswordResolver = schemaResolver(() =>
  import("@/features/auth/schemas").then((m) => m.resetPasswordSchema),
);

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const form = useForm<ResetPasswordInput>({
    resolver: resetPasswordResolver,
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const reset = useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest<{ message: string }>("POST", "/api/auth/reset-password", input),
    onSuccess: (data) => {
      toast({ title: "Password changed", description: data.message });
      router.push("/login");
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not change your password. Please try again.")),
  });
  const busy = reset.isPending || reset.isSuccess;
  return (
    <form
      onSubmit={form.handleSubmit((values) => reset.mutate(values))}
      onFocus={resetPasswordResolver.preload}
      noValidate
      className="grid gap-5"
    >
      <FormField
        label="New password"
        id="password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={form.formState.errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" readOnly={busy} {...form.register("password")} />
      </FormField>
      <FormField
        label="Confirm new password"
        id="confirmPassword"
        error={form.formState.errors.confirmPassword?.message}
      >
        <Input type="password" autoComplete="new-password" readOnly={busy} {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" size="lg" pending={busy} pendingLabel="Saving...">
        Set new password
      </Button>
    </form>
  );
}
