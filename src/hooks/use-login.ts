"use client";

import { useMutation } from "@tanstack/react-query";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import type { LoginInput } from "@/features/auth/schemas";
import { setCurrentUser, type CurrentUser } from "./use-auth";
import { toastError, toastOnNextPage } from "./use-toast";

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<CurrentUser>("POST", "/api/auth/login", input),
    onSuccess: (user) => {
      setCurrentUser(user);
      // Shown where she lands: the form then leaves with a full page load (reloadAfterSessionChange).
      toastOnNextPage({ title: "Login successful", description: `Welcome back, ${user.firstName || user.username}!` });
    },
    onError: (error, input) => {
      // Her password was right and the form now asks for her two-factor code: nothing failed yet.
      if (asksForCode(error) && !input.code) return;
      toastError("Login failed", errorMessage(error, "Invalid username or password"));
    },
  });
}

/** The sign-in answer that asks for the two-factor code (401 with a `code` field). */
export const asksForCode = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && Boolean(error.fields?.code);
