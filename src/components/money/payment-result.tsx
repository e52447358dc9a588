"use client";

import * as React from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

/** 'Processing Your Payment' for 1.5 s, then the verified outcome. */
export const SUCCESS_DELAY_MS = 1500;

export function PaymentResult({
  ok,
  amountText,
  message,
  retryHref,
}: {
  ok: boolean;
  amountText: string;
  message?: string;
  retryHref: string;
}) {
  const [shown, setShown] = React.useState(false);
  React.useEffect(() => {
    const timer = setTimeout(() => setShown(true), SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) {
    return (
      <div role="status" className="text-center">
        <h1 className="text-3xl font-semibold">Processing Your Payment</h1>
        <p className="mt-4 text-muted-foreground">This takes a moment.</p>
      </div>
    );
  }
  if (!ok) {
    return (
      <div role="alert" className="text-center">
        <h1 className="text-3xl font-semibold">Payment Failed</h1>
        <p className="mt-4">{message}</p>
        <div className="mt-8 flex justify-center gap-3">
          <Button asChild variant="outline">
            <Link href="/apply">Go Back</Link>
          </Button>
          <Button asChild>
            <Link href={retryHref}>Try Again</Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="text-center">
      <h1 className="text-3xl font-semibold">Payment Successful</h1>
      <p className="mt-4">
        Thank you. {amountText} is held on your card and will be charged only if your application is accepted. We will
        email you our decision within 5 business days.
      </p>
      <div className="mt-8 flex justify-center">
        <Button asChild>
          <Link href="/">Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
