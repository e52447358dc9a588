"use client";

import * as React from "react";
import { HoverCard as HoverCardPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";

// Hover cards open after 700 ms and close 300 ms after the pointer leaves.
export const HOVER_CARD_OPEN_DELAY_MS = 700;
export const HOVER_CARD_CLOSE_DELAY_MS = 300;

export function HoverCard(props: React.ComponentProps<typeof HoverCardPrimitive.Root>) {
  return (
    <HoverCardPrimitive.Root openDelay={HOVER_CARD_OPEN_DELAY_MS} closeDelay={HOVER_CARD_CLOSE_DELAY_MS} {...props} />
  );
}

export const HoverCardTrigger = HoverCardPrimitive.Trigger;

export function HoverCardContent({
  className,
  sideOffset = 6,
  align = "center",
  ...props
}: React.ComponentProps<typeof HoverCardPrimitive.Content>) {
  return (
    <HoverCardPrimitive.Portal>
      <HoverCardPrimitive.Content
        data-slot="hover-card-content"
        sideOffset={sideOffset}
        align={align}
        className={cn("z-50 w-72 rounded-md border bg-popover p-4 text-popover-foreground shadow-md", className)}
        {...props}
      />
    </HoverCardPrimitive.Portal>
  );
}
