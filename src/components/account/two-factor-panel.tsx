"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { reloadAfterSessionChange } from "@/hooks/use-auth";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import {
  disableTwoFactorSchema,
  twoFactorCodeSchema,
  type DisableTwoFactorInput,
  type TwoFactorCodeInput,
} from "@/features/auth/schemas";

interface Setup {
  secret: string;
  qrCode: string;
}

/** Her two-factor sign-in: set it up (QR code, first code, recovery codes shown once) or turn it off. */
export function TwoFactorPanel({
  enabled,
  isAdmin,
  next,
}: {
  enabled: boolean;
  isAdmin: boolean;
  next: string | null;
}) {
  const router = useRouter();
  const [setup, setSetup] = React.useState<Setup | null>(null);
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: () => apiRequest<Setup>("POST", "/api/auth/two-factor/setup"),
    onSuccess: setSetup,
    onError: (error) => toastError("Could not start", errorMessage(error, "Please try again.")),
  });

  if (codes) {
    return (
      <div className="grid gap-4">
        <p className="font-medium" tabIndex={-1} data-row-focus>
          Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your
          phone. They are shown only now.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:max-w-sm">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        {/* Admin pages answer differently now: a full load, so no redirect prefetched before is replayed. */}
        <Button className="justify-self-start" onClick={() => reloadAfterSessionChange(next ?? "/profile/security")}>
          {next ? "Continue" : "Done"}
        </Button>
      </div>
    );
  }
  if (enabled)
    return isAdmin ? (
      <p>Two-factor sign-in is on. Administrators keep it on.</p>
    ) : (
      <DisableForm onDone={() => router.refresh()} />
    );
  if (!setup) {
    return (
      <div className="grid gap-4">
        <p>
          {isAdmin
            ? "Administrators sign in with a code from an authenticator app as well as the password. Set it up to use the admin tools."
            : "Add a code from an authenticator app to your password when you sign in."}
        </p>
        <Button className="justify-self-start" pending={start.isPending} onClick={() => start.mutate()}>
          Set up two-factor sign-in
        </Button>
      </div>
    );
  }
  return <ConfirmForm setup={setup} onConfirmed={setCodes} />;
}

function ConfirmForm({ setup, onConfirmed }: { setup: Setup; onConfirmed: (codes: string[]) => void }) {
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } });
  const confirm = useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      apiRequest<{ recoveryCodes: string[] }>("POST", "/api/auth/two-factor/confirm", input),
    onSuccess: (result) => onConfirmed(result.recoveryCodes),
    onError: (error) => form.setError("code", { message: errorMessage(error, "Please try again.") }),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => confirm.mutate(values))} className="grid gap-4">
      <p>
        Scan this QR code with your authenticator app, or enter the key by hand, then type the 6-digit code it shows.
      </p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made by the server */}
      <img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="rounded border bg-white"
      />
      <p className="text-sm">
        Key:{" "}
        <code className="break-all font-mono" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <FormField label="Code from your app" id="totp-code" error={form.formState.errors.code?.message}>
        <Input autoComplete="one-time-code" inputMode="numeric" className="sm:max-w-xs" {...form.register("code")} />
      </FormField>
      <Button type="submit" className="justify-self-start" pending={confirm.isPending}>
        Turn on two-factor sign-in
      </Button>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const form = useForm<DisableTwoFactorInput>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: "", code: "" },
  });
  const disable = useMutation({
    mutationFn: (input: DisableTwoFactorInput) => apiRequest("POST", "/api/auth/two-factor/disable", input),
    onSuccess: () => {
      toast({ title: "Two-factor sign-in is off" });
      onDone();
    },
    onError: (error) => toastError("Could not turn it off", errorMessage(error, "Please try again.")),
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => disable.mutate(values))}
      className="grid gap-4 sm:max-w-sm"
    >
      <p>Two-factor sign-in is on. To turn it off, enter your password and a code.</p>
      <FormField label="Password" id="disable-password" error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <FormField label="Code" id="disable-code" error={form.formState.errors.code?.message}>
        <Input autoComplete="one-time-code" {...form.register("code")} />
      </FormField>
      <Button type="submit" variant="outline" className="justify-self-start" pending={disable.isPending}>
        Turn off two-factor sign-in
      </Button>
    </form>
  );
}
