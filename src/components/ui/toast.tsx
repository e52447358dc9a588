"use client";

import * as React from "react";
import { Toast as ToastPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { TOAST_DURATION_MS, dismissToast, showNextPageToast, useToasts } from "@/hooks/use-toast";

/** Renders the current toast. Mounted once, in the root layout. */
export function Toaster() {
  const toasts = useToasts();
  React.useEffect(showNextPageToast, []);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(next) => !next && dismissToast(id)}
          data-testid="toast"
          data-variant={variant ?? "default"}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
            variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "bg-card text-card-foreground",
          )}
        >
          {/* Said through the page's live region when shown (toast()), so kept out of the primitive's announcer. */}
          <div className="grid gap-1" data-radix-toast-announce-exclude="">
            <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
            {description ? (
              <ToastPrimitive.Description className="text-sm opacity-95">{description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            data-radix-toast-announce-exclude=""
            className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100"
            aria-label="Dismiss notification"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:top-auto sm:bottom-0 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
