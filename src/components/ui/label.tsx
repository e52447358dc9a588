import * as React from "react";
import { cn } from "@/lib/utils";

/** A native label: it needs no script, so forms on public pages keep their first-load JavaScript small. */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn("text-sm font-medium leading-none peer-disabled:opacity-60", className)}
      {...props}
    />
  );
}
