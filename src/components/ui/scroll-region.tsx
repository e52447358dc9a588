import * as React from "react";
import { cn } from "@/lib/utils";

interface ScrollRegionProps extends React.ComponentProps<"div"> {
  /** What the region holds, e.g. the table's caption; screen readers announce it. */
  label: string;
}

/**
 * A box that scrolls sideways when its content (a table, a calendar) is wider than a phone. It is a
 * labelled region in the Tab order, so keyboard users can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function ScrollRegion({ label, className, ...props }: ScrollRegionProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
      {...props}
    />
  );
}
