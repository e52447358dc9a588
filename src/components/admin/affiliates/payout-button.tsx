"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { formatCents } from "@/lib/format";

/** Run Payout: marks every eligible commission paid (the 15th of each month), then the page shows the run and its CSV. */
export function PayoutButton({ eligibleCount }: { eligibleCount: number }) {
  const router = useRouter();
  const run = useMutation({
    mutationFn: () =>
      apiRequest<{ id: number; commissionCount: number; totalCents: number }>("POST", "/api/admin/affiliates/payouts"),
    onSuccess: (payout) => {
      toast({
        title: "Payout complete",
        description: `${payout.commissionCount} commissions paid, ${formatCents(payout.totalCents)} in all.`,
      });
      router.refresh();
    },
    onError: (error) => toastError("Payout failed", errorMessage(error, "Please try again.")),
  });
  return (
    <Button
      aria-disabled={eligibleCount === 0 || undefined}
      pending={run.isPending}
      pendingLabel="Paying..."
      onClick={() => run.mutate()}
    >
      {`Run Payout (${eligibleCount} eligible)`}
    </Button>
  );
}
