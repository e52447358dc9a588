"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { LiveRegion } from "@/components/ui/live-region";
import { hasNextPageToast, useToasts } from "@/hooks/use-toast";

// The toast viewport (and its part of radix-ui) loads with the first toast, raised on this page or
// left by the page before (sign-in and sign-out end with one); the store keeps a toast raised while
// it loads. Most visits to a public page raise none. The live region is there from the first render.
const noSubscription = () => () => {};

const Toaster = dynamic(() => import("@/components/ui/toast").then((m) => m.Toaster), { ssr: false });

/** What every page has: the live region and the toasts. Pages that fetch with TanStack Query are inside QueryProvider. */
export function Providers({ children }: { children: React.ReactNode }) {
  const toasts = useToasts();
  // Read in the browser only (the stored toast is in this tab's storage); the Toaster takes it from there.
  const leftByLastPage = React.useSyncExternalStore(noSubscription, hasNextPageToast, () => false);
  return (
    <>
      {children}
      <LiveRegion />
      {toasts.length > 0 || leftByLastPage ? <Toaster /> : null}
    </>
  );
}
