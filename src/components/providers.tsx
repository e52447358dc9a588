"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { LiveRegion } from "@/components/ui/live-region";

// The toast viewport loads after the page is interactive, so public pages do not wait for it;
// toasts raised before it arrives are kept by the store and shown when it mounts.
const Toaster = dynamic(() => import("@/components/ui/toast").then((m) => m.Toaster), { ssr: false });

/** What every page has: the live region and the toasts. Pages that fetch with TanStack Query are inside QueryProvider. */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <LiveRegion />
      <Toaster />
    </>
  );
}
