"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { toast, toastError } from "@/hooks/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

/**
 * One admin call of the course editor: sent, then the page's data read again from the server
 * (router.refresh: the page is rendered per request), with a toast for a failure. `onError` first
 * gets the error (a form puts field messages under its fields and returns true).
 */
export function useAdminCall<Input>(
  request: (input: Input) => { method: "POST" | "PUT" | "DELETE"; path: string; body?: unknown },
  options: { success?: string; onSuccess?: (answer: unknown) => void; onError?: (error: unknown) => boolean } = {},
) {
  const router = useRouter();
  return useMutation({
    mutationFn: (input: Input) => {
      const { method, path, body } = request(input);
      return apiRequest<unknown>(method, path, body);
    },
    onSuccess: (answer) => {
      if (options.success) toast({ title: options.success });
      options.onSuccess?.(answer);
      router.refresh();
    },
    onError: (error) => {
      if (options.onError?.(error)) return;
      toastError("Error", errorMessage(error, "Could not save."));
    },
  });
}
