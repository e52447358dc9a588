"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

export function RetryEmailButton({ id }: { id: number }) {
  const router = useRouter();
  const retry = useMutation({
    mutationFn: () => apiRequest("POST", `/api/admin/outbox/${id}/retry`),
    onSuccess: () => {
      toast({ title: "Queued again", description: "The message will be sent again shortly." });
      router.refresh();
    },
    onError: (error) => toastError("Error", errorMessage(error, "Could not queue the message.")),
  });
  return (
    <Button className="mt-4" onClick={() => retry.mutate()} pending={retry.isPending} pendingLabel="Retrying...">
      Retry sending
    </Button>
  );
}
