"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ReportDialog } from "@/components/reports/report-dialog";
import {
  CONVERSATION_OPEN_RENEW_MS,
  MESSAGE_PERMISSION_LABELS,
  MESSAGE_PERMISSIONS,
  type MessagePermission,
} from "@/features/messages/constants";
import type { ReportValues } from "@/features/reports/schemas";
import { useNotificationStream } from "@/hooks/use-notification-stream";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";

/**
 * While the conversation is on her screen it is open for her: read up to its latest message (again
 * after each new one), renewed every CONVERSATION_OPEN_RENEW_MS while the tab is shown, and closed
 * when she hides the tab or leaves, so that a message arriving while she reads raises no count and
 * one arriving after she has gone does.
 */
export function ConversationPresence({
  conversationId,
  latestMessageId,
}: {
  conversationId: number;
  latestMessageId: number | null;
}) {
  const read = React.useCallback(() => {
    if (document.visibilityState === "visible")
      void apiRequest("POST", `/api/messages/${conversationId}/read`).catch(() => {});
  }, [conversationId]);

  React.useEffect(() => read(), [read, latestMessageId]);

  React.useEffect(() => {
    // keepalive: the request finishes even as the page goes away.
    const close = () =>
      void fetch(`/api/messages/${conversationId}/close`, {
        method: "POST",
        credentials: "include",
        keepalive: true,
      }).catch(() => {});
    const renew = setInterval(read, CONVERSATION_OPEN_RENEW_MS);
    const onVisibility = () => (document.visibilityState === "visible" ? read() : close());
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", close);
    return () => {
      clearInterval(renew);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", close);
      close();
    };
  }, [conversationId, read]);
  return null;
}

/** The page is rendered again when a direct message arrives on the stream. */
export function RefreshOnMessage() {
  const router = useRouter();
  useNotificationStream((event) => {
    if (event.type === "notification" && event.notification.kind === "direct_message") router.refresh();
  });
  return null;
}

/** Report a message she received, with a reason; administrators then see this message alone. */
export function ReportMessageButton({ messageId, senderName }: { messageId: number; senderName: string }) {
  const report = useMutation({
    mutationFn: (values: ReportValues) => apiRequest("POST", "/api/messages/reports", { ...values, messageId }),
    onSuccess: () =>
      toast({ title: "Message reported", description: "Thank you. An administrator will look at this message." }),
    onError: (failure) => {
      // A refused reason is shown under its field by the dialog.
      if (failure instanceof ApiError && failure.fields?.reason) return;
      toastError("Report failed", errorMessage(failure, "Please try again."));
    },
  });
  return (
    <ReportDialog
      trigger={
        <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs text-muted-foreground">
          Report<span className="sr-only"> this message from {senderName}</span>
        </Button>
      }
      title="Report this message"
      description="Administrators will see this message and your reason, nothing else of the conversation."
      fieldId={`report-message-${messageId}`}
      send={(values) => report.mutateAsync(values)}
    />
  );
}

/** Who may start a conversation with her. */
export function MessageSettingsForm({ allowFrom }: { allowFrom: MessagePermission }) {
  const router = useRouter();
  // Each choice is saved as she makes it, in order (one scope): the radios stay enabled, so the arrow keys keep her focus.
  const save = useMutation({
    scope: { id: "message-settings" },
    mutationFn: (value: MessagePermission) => apiRequest("PUT", "/api/messages/settings", { allowFrom: value }),
    onSuccess: () => {
      toast({ title: "Settings saved" });
      router.refresh();
    },
    onError: (failure) => toastError("Error saving settings", errorMessage(failure, "Please try again.")),
  });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-semibold">Who can message me</legend>
      {MESSAGE_PERMISSIONS.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="allow-from"
            value={value}
            defaultChecked={value === allowFrom}
            onChange={() => save.mutate(value)}
            className="size-4 accent-primary"
          />
          {MESSAGE_PERMISSION_LABELS[value]}
        </label>
      ))}
    </fieldset>
  );
}
