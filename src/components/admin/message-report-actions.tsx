"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** Dismiss a report of a direct message, or remove the message; the report then leaves the list (RowFocusScope). */
export function MessageReportActions({ reportId }: { reportId: number }) {
  const router = useRouter();
  const decide = useMutation({
    mutationFn: (decision: "dismiss" | "remove") =>
      apiRequest("PATCH", `/api/admin/message-reports/${reportId}`, { decision }),
    onSuccess: (_result, decision) => {
      toast({ title: decision === "remove" ? "Message removed" : "Report dismissed" });
      router.refresh();
    },
    onError: (error) => toastError("Could not save the decision", errorMessage(error, "Please try again.")),
  });
  return (
    <div className="flex gap-2">
      <Button
        type="button"
        size="sm"
        variant="outline"
        pending={decide.isPending}
        pendingLabel={decide.variables === "dismiss" ? "Dismissing..." : undefined}
        onClick={() => decide.mutate("dismiss")}
      >
        Dismiss
      </Button>
      <Button
        type="button"
        size="sm"
        variant="destructive"
        pending={decide.isPending}
        pendingLabel={decide.variables === "remove" ? "Removing..." : undefined}
        onClick={() => decide.mutate("remove")}
      >
        Remove message
      </Button>
    </div>
  );
}
