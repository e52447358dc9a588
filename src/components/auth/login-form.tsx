"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { refreshCurrentUser, reloadAfterSessionChange, useCurrentUser } from "@/hooks/use-auth";
import { asksForCode, useLogin } from "@/hooks/use-login";
import { MEMBERS_HOME, safeNextPath } from "@/lib/auth/access";
import { errorMessage, type ApiError } from "@/lib/api-client";
import { schemaResolver } from "@/lib/schema-resolver";
import type { LoginInput } from "@/features/auth/schemas";

const loginResolver = schemaResolver(() => import("@/features/auth/schemas").then((m) => m.loginSchema));

export function LoginForm() {
  const router = useRouter();
  const searchParams = useSearchParams();
  // Where she was going, or the members' home: the public home page is for visitors.
  const next = safeNextPath(searchParams.get("next"), MEMBERS_HOME);
  const { user, isLoading } = useCurrentUser();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { username: "", password: "", code: "" },
  });
  // Shown once the server has checked her password and asks for the code from her authenticator app.
  const [needsCode, setNeedsCode] = React.useState(false);

  // Asked afresh here: the page that sent her may have believed her signed in after her session ended
  // (signed out in another tab, expired), and that belief would send her away from the form.
  const [checked, setChecked] = React.useState(false);
  React.useEffect(() => {
    void refreshCurrentUser({ untilKnown: true }).then(() => setChecked(true));
  }, []);
  // A signed-in user does not stay on the login page.
  React.useEffect(() => {
    if (checked && !isLoading && user && !login.isSuccess) router.replace("/");
  }, [checked, isLoading, user, login.isSuccess, router]);

  // A refusal is about a field: once the answer is in, focus goes to it, its message linked to it (
  // WCAG 2.4.3). While she waits the fields are read-only and the button pending, so focus stays where it was.
  const [focusAfterAnswer, setFocusAfterAnswer] = React.useState<"username" | "code" | null>(null);
  React.useEffect(() => {
    if (focusAfterAnswer && !login.isPending) form.setFocus(focusAfterAnswer);
  }, [focusAfterAnswer, login.isPending, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFocusAfterAnswer(null);
    login.mutate(needsCode ? values : { ...values, code: undefined }, {
      onSuccess: () => reloadAfterSessionChange(next),
      onError: (error) => {
        if (asksForCode(error)) {
          setNeedsCode(true);
          if (values.code) form.setError("code", { message: (error as ApiError).fields?.code });
          setFocusAfterAnswer("code");
          return;
        }
        const field = needsCode ? "code" : "username";
        form.setError(field, { message: errorMessage(error, "Invalid username or password") });
        setFocusAfterAnswer(field);
      },
    });
  });
  const busy = login.isPending || login.isSuccess;

  return (
    <form onSubmit={onSubmit} onFocus={loginResolver.preload} noValidate className="grid gap-5">
      <FormField label="Username" id="username" error={form.formState.errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          readOnly={busy}
          {...form.register("username")}
        />
      </FormField>
      <FormField label="Password" id="password" error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" readOnly={busy} {...form.register("password")} />
      </FormField>
      {needsCode ? (
        <FormField
          label="Authentication code"
          id="code"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          error={form.formState.errors.code?.message}
        >
          <Input
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="none"
            spellCheck={false}
            readOnly={busy}
            {...form.register("code")}
          />
        </FormField>
      ) : null}
      <div className="flex justify-end">
        <Link href="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" pending={busy} pendingLabel="Signing in...">
        Sign In
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Not a member yet?{" "}
        <Link href="/apply" className="font-medium text-primary underline-offset-4 hover:underline">
          Apply Now
        </Link>
      </p>
    </form>
  );
}
