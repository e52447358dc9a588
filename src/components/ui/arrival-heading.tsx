"use client";

import * as React from "react";
import { cn } from "@/lib/utils";

// Focus after an action that opens another page (docs/decisions/037-focus-after-an-action.md): the
// button she pressed goes with the page it was on, so the page it opens takes focus on its heading.

let focusOnArrival = false;

/** Call with the navigation an action makes ("Create Course", "Start course"): the next ArrivalHeading takes focus. */
export function focusHeadingOnArrival(): void {
  focusOnArrival = true;
}

/** A page's h1 that takes focus when she arrives from an action (focusHeadingOnArrival), never on a plain visit. */
export function ArrivalHeading({ className, children }: { className?: string; children: React.ReactNode }) {
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (!focusOnArrival) return;
    focusOnArrival = false;
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className={cn("focus:outline-none", className)}>
      {children}
    </h1>
  );
}
