import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * The browser's own <select>, styled as Input is: the one look for a choice among a few fixed options
 * (the radix Select in select.tsx is for a choice that needs more than the native list).
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        "flex min-h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
