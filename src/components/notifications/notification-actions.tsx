"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import type { NotificationKind } from "@/features/notifications/constants";
import { useNotificationStream } from "@/hooks/use-notification-stream";
import { toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

/**
 * "Mark all read" on /notifications (of the kind shown, when filtered); the page is then rendered again.
 * With nothing unread it stays in place, aria-disabled, so that the focus she pressed it with stays too.
 */
export function MarkAllReadButton({ kind, disabled }: { kind?: NotificationKind; disabled: boolean }) {
  const router = useRouter();
  const [pending, setPending] = React.useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-disabled={disabled || undefined}
      pending={pending}
      pendingLabel="Marking..."
      onClick={async () => {
        setPending(true);
        try {
          await apiRequest("POST", "/api/notifications/read", kind ? { all: true, kind } : { all: true });
          router.refresh();
        } catch (error) {
          toastError("Could not mark them read", errorMessage(error, "Please try again."));
        } finally {
          setPending(false);
        }
      }}
    >
      Mark all read
    </Button>
  );
}

/** Renders the server page again when a new notification arrives on the stream. */
export function RefreshOnNotification() {
  const router = useRouter();
  useNotificationStream((event) => {
    if (event.type === "notification") router.refresh();
  });
  return null;
}
