"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

/**
 * Takes an address off the refusing list. The row leaves the table on refresh, so focus goes to the
 * list's heading (`focusAfterId`), where she can read on.
 */
export function LiftSuppressionButton({ address, focusAfterId }: { address: string; focusAfterId: string }) {
  const router = useRouter();
  const lift = useMutation({
    mutationFn: () => apiRequest("POST", "/api/admin/outbox/suppressions/lift", { address }),
    onSuccess: () => {
      document.getElementById(focusAfterId)?.focus();
      toast({ title: "Suppression lifted", description: `Bulk email will be sent to ${address} again.` });
      router.refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not lift the suppression.")),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => lift.mutate()}
      pending={lift.isPending}
      pendingLabel="Lifting..."
      aria-label={`Lift suppression for ${address}`}
    >
      Lift
    </Button>
  );
}
