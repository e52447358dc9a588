"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import type { RecomputeStatus } from "@/features/levels/types";

/**
 * Asks the job queue to recompute every member's points from the ledger. The work may take minutes on
 * a large forum, so the answer is that it is on its way; the page says so, and shows the result once done.
 */
export function RecomputePointsButton() {
  const router = useRouter();
  const recompute = useMutation({
    mutationFn: () => apiRequest<RecomputeStatus>("POST", "/api/admin/levels/recompute"),
    onSuccess: () => {
      toast({
        title: "Recompute Started",
        description: "Every member's points are being recomputed in the background.",
      });
      router.refresh();
    },
    onError: (error) =>
      toastError("Error Recomputing Points", errorMessage(error, "Could not recompute the points. Please try again.")),
  });
  return (
    <Button
      variant="outline"
      pending={recompute.isPending}
      pendingLabel="Recomputing..."
      onClick={() => recompute.mutate()}
    >
      Recompute Points
    </Button>
  );
}
