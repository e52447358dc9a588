"use client";

import * as React from "react";
import { IntentLink } from "@/components/ui/intent-link";
import { useHydrated } from "@/hooks/use-hydrated";
import { cn } from "@/lib/utils";

interface NavMenuProps {
  /** Accessible name of the list, and of the button when it shows only a chevron, e.g. "About sections". */
  label: string;
  /** Accessible name of the button when what it shows does not say it (a picture). */
  buttonLabel?: string;
  /** What the button shows (defaults to a chevron only). */
  children?: React.ReactNode;
  /** A last item after the links (a button). */
  footer?: React.ReactNode;
  buttonClassName?: string;
  items: { href: string; label: string }[];
  align?: "start" | "end";
}

/**
 * A disclosure menu of links for the navbar (the WAI-ARIA disclosure navigation pattern): a button
 * that shows or hides a list. It closes on Escape (focus returns to the button), on a click or
 * focus elsewhere, and when a link is chosen. Written here rather than on a menu library so that
 * every public page does not load one.
 */
export function NavMenu({
  label,
  buttonLabel,
  children,
  footer,
  buttonClassName,
  items,
  align = "start",
}: NavMenuProps) {
  const [open, setOpen] = React.useState(false);
  const container = React.useRef<HTMLDivElement>(null);
  const button = React.useRef<HTMLButtonElement>(null);
  const listId = React.useId();
  const hydrated = useHydrated();

  React.useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={container}
      className="relative"
      onBlur={(event) => {
        if (open && !container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={buttonLabel ?? (children ? undefined : label)}
        aria-expanded={open}
        aria-controls={listId}
        // Before React runs, a press would do nothing: say so (aria-disabled keeps it focusable).
        aria-disabled={hydrated ? undefined : true}
        className={cn("cursor-pointer rounded-md p-1.5 hover:bg-accent", buttonClassName)}
        onClick={() => setOpen((value) => !value)}
      >
        {children ?? <Chevron />}
      </button>
      <ul
        id={listId}
        aria-label={label}
        hidden={!open}
        className={cn(
          "absolute top-full z-50 mt-1.5 min-w-48 rounded-md border bg-popover p-1 text-popover-foreground shadow-md",
          align === "end" ? "right-0" : "left-0",
        )}
      >
        {items.map((item) => (
          <li key={item.href}>
            <IntentLink
              href={item.href}
              className="block rounded-sm px-2 py-2 text-sm hover:bg-accent focus-visible:bg-accent"
              onClick={() => setOpen(false)}
            >
              {item.label}
            </IntentLink>
          </li>
        ))}
        {footer ? <li className="mt-1 border-t pt-1">{footer}</li> : null}
      </ul>
    </div>
  );
}

export function Chevron() {
  return (
    <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}
