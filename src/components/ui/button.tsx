"use client";

import * as React from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils";
import { announce } from "@/hooks/use-live-region";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 aria-disabled:opacity-60 data-pending:cursor-wait [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary/90",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outline: "border border-primary/40 bg-background text-primary hover:bg-accent",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "min-h-10 px-4 py-2",
        sm: "min-h-9 rounded-md px-3",
        lg: "min-h-11 rounded-md px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends React.ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Render the child element (e.g. a Link) with the button's styles. */
  asChild?: boolean;
  /**
   * The action this button sent is under way. The button stays focusable (`aria-disabled`, never
   * `disabled`, which would drop her focus to the page), ignores further presses, so nothing is sent
   * twice, and the page's live region says `pendingLabel` when she pressed it. A button with nothing to
   * do takes `aria-disabled` the same way and ignores presses too
   * (docs/decisions/037-focus-after-an-action.md).
   */
  pending?: boolean;
  /** Shown in place of the label while pending, e.g. "Saving...". */
  pendingLabel?: string;
}

const WORKING = "Working...";

export function Button({
  className,
  variant,
  size,
  asChild = false,
  pending = false,
  pendingLabel,
  onClick,
  children,
  ref,
  "aria-disabled": ariaDisabled,
  ...props
}: ButtonProps) {
  const own = React.useRef<HTMLButtonElement | null>(null);
  const setRef = React.useCallback(
    (node: HTMLButtonElement | null) => {
      own.current = node;
      if (typeof ref === "function") return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );
  React.useEffect(() => {
    if (pending && own.current && own.current === document.activeElement) announce(pendingLabel ?? WORKING);
  }, [pending, pendingLabel]);

  const ignoresPresses = pending || ariaDisabled === true || ariaDisabled === "true";
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      data-slot="button"
      data-pending={pending || undefined}
      aria-disabled={ignoresPresses || undefined}
      className={cn(buttonVariants({ variant, size, className }))}
      ref={setRef}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        // A submit button's click is what submits its form (Enter in a field too): cancelling it sends nothing.
        if (ignoresPresses) return event.preventDefault();
        onClick?.(event);
      }}
      {...props}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </Component>
  );
}
