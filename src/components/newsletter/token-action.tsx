"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

/**
 * The button of the confirm and unsubscribe pages. Confirming takes a POST so that a link scanner
 * opening the emailed URL changes nothing.
 */
export function TokenAction({
  path,
  body,
  label,
  pendingLabel,
  done,
}: {
  path: string;
  body?: unknown;
  label: string;
  pendingLabel: string;
  done: { title: string; text: string };
}) {
  const action = useMutation({
    mutationFn: () => apiRequest("POST", path, body),
    onSuccess: () => toast({ title: done.title, description: done.text }),
    onError: (error) => toastError("Error", errorMessage(error, "Something went wrong. Please try again.")),
  });
  if (action.isSuccess) {
    // The button is gone: focus moves to what it did (docs/decisions/037-focus-after-an-action.md).
    return (
      <p
        role="status"
        tabIndex={-1}
        ref={(element) => element?.focus()}
        className="rounded-md bg-secondary p-4 text-secondary-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {done.text}
      </p>
    );
  }
  return (
    <Button size="lg" onClick={() => action.mutate()} pending={action.isPending} pendingLabel={pendingLabel}>
      {label}
    </Button>
  );
}
