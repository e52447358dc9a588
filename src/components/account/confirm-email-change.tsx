"use client";

import * as React from "react";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** The button on the link's page that changes her address; what happened takes its place, and her focus. */
export function ConfirmEmailChange({ token }: { token: string }) {
  const result = React.useRef<HTMLParagraphElement>(null);
  const confirm = useMutation({
    mutationFn: () => apiRequest<{ message: string }>("POST", "/api/auth/email-change/confirm", { token }),
  });
  React.useEffect(() => {
    if (confirm.isSuccess || confirm.isError) result.current?.focus();
  }, [confirm.isSuccess, confirm.isError]);
  if (confirm.isSuccess)
    return (
      <div className="grid gap-4">
        <p ref={result} tabIndex={-1} role="status" className="outline-none">
          {confirm.data.message}
        </p>
        <Link href="/profile/security" className="font-medium text-primary underline underline-offset-4">
          Go to your Security page
        </Link>
      </div>
    );
  return (
    <div className="grid gap-4">
      <p>Confirm that your account should use this address from now on.</p>
      <div>
        <Button onClick={() => confirm.mutate()} pending={confirm.isPending} pendingLabel="Confirming...">
          Confirm New Address
        </Button>
      </div>
      {confirm.isError ? (
        <p ref={result} tabIndex={-1} role="alert" className="text-destructive outline-none">
          {errorMessage(confirm.error, "Could not change your email address. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}
