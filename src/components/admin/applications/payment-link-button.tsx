"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** Emails a pending applicant a fresh link to her payment (the only way to it), e.g. when the first expired. */
export function PaymentLinkButton({ applicationId }: { applicationId: number }) {
  const send = useMutation({
    mutationFn: () => apiRequest<{ sentTo: string }>("POST", `/api/applications/${applicationId}/payment-link`),
    onSuccess: (r) =>
      toast({ title: "Payment Link Sent", description: `A new payment link has been emailed to ${r.sentTo}.` }),
    onError: (error) => toastError("Error", errorMessage(error, "Failed to send the payment link.")),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      pending={send.isPending}
      pendingLabel="Sending..."
      onClick={() => send.mutate()}
    >
      Email Payment Link
    </Button>
  );
}
