"use client";

import { useMutation } from "@tanstack/react-query";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** A billing change through the API: a toast saying what happened (or the server's reason), then a refetch. */
export function useBillingAction<TInput, TResult>(
  path: string,
  success: (result: TResult) => { title: string; description?: string },
  onChanged: () => void,
) {
  return useMutation({
    mutationFn: (body: TInput) => apiRequest<TResult>("POST", path, body),
    onSuccess: (result) => {
      toast(success(result));
      onChanged();
    },
    onError: (error) => {
      toastError("Billing not changed", errorMessage(error, "Something went wrong. Please try again."));
      onChanged();
    },
  });
}
