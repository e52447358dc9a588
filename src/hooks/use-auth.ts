"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import type { SessionUser } from "@/lib/auth/session-user";
import { clearSignedInHint, hasSignedInHint } from "@/lib/auth/signed-in-hint";
import type { LoginInput } from "@/server/auth/schemas";
import { toast } from "./use-toast";

/** The shape GET /api/auth/me and POST /api/auth/login answer with. */
export type CurrentUser = SessionUser;

export const CURRENT_USER_KEY = ["/api/auth/me"] as const;

/**
 * The signed-in user (spec 01 section 4): a 401 means signed out, with no error; any other failure
 * is kept as the error and the visitor is treated as signed out.
 */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () => {
      // Without the signed-in hint there is no session to ask about (a visitor): no request at all.
      if (!hasSignedInHint()) return null;
      try {
        return await apiRequest<CurrentUser>("GET", "/api/auth/me");
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          clearSignedInHint();
          return null;
        }
        throw error;
      }
    },
  });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    error: query.error ? errorMessage(query.error, "Authentication check failed") : null,
  };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<CurrentUser>("POST", "/api/auth/login", input),
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      toast({ title: "Login successful", description: `Welcome back, ${user.firstName || user.username}!` });
    },
    onError: (error, input) => {
      // Her password was right and the form now asks for her two-factor code: nothing failed yet.
      if (asksForCode(error) && !input.code) return;
      toast({ title: "Login failed", description: errorMessage(error, "Invalid username or password"), variant: "destructive" });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/logout"),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      toast({ title: "Logout successful", description: "You have been logged out successfully" });
      router.push("/");
      router.refresh();
    },
    onError: (error) => {
      toast({ title: "Logout failed", description: errorMessage(error, "Something went wrong"), variant: "destructive" });
    },
  });
}

/** The sign-in answer that asks for the two-factor code (401 with a `code` field). */
export const asksForCode = (error: unknown) => error instanceof ApiError && error.status === 401 && Boolean(error.fields?.code);
