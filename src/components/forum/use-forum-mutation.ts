"use client";

import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast, toastError } from "@/hooks/use-toast";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";

interface ForumMutation<TVariables, TResult> {
  request: (variables: TVariables) => { method: string; path: string; body?: unknown };
  success?:
    { title: string; description?: string } | ((result: TResult) => { title: string; description?: string } | null);
  failure: { title: string; description: string };
  /** The spec's toast when her session has ended (401), e.g. 'You must be logged in to react to posts.' */
  signedOut?: string;
  onSuccess?: (result: TResult) => void;
}

/**
 * A forum action through our API: on success the forum's data is asked again (so counts and lists
 * are the server's) and a server-rendered page (forum settings) is refreshed; on failure a toast with
 * the server's reason or the spec's text.
 */
export function useForumMutation<TVariables = void, TResult = unknown>({
  request,
  success,
  failure,
  signedOut,
  onSuccess,
}: ForumMutation<TVariables, TResult>) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => {
      const { method, path, body } = request(variables);
      return apiRequest<TResult>(method, path, body);
    },
    onSuccess: (result) => {
      const message = typeof success === "function" ? success(result) : success;
      if (message) toast(message);
      onSuccess?.(result);
      void queryClient.invalidateQueries({ queryKey: ["forum"] });
      router.refresh();
    },
    onError: (error) => {
      if (signedOut && error instanceof ApiError && error.status === 401) {
        toastError("Authentication required", signedOut);
        router.push(`/login?next=${encodeURIComponent(window.location.pathname)}`);
        return;
      }
      toastError(failure.title, errorMessage(error, failure.description));
    },
  });
}
