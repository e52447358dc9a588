"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import type { SessionUser } from "@/lib/auth/session-user";
import { clearSignedInHint, hasSignedInHint } from "@/lib/auth/signed-in-hint";
import { toast } from "./use-toast";

/** The shape GET /api/auth/me and POST /api/auth/login answer with. */
export type CurrentUser = SessionUser;

interface SessionState {
  user: CurrentUser | null;
  pending: boolean;
  error: string | null;
}

/*
 * The signed-in user lives in this small store rather than in TanStack Query: the navbar reads it
 * on every page, and the public pages load no query library (issue 10's JavaScript budget).
 */
const PENDING: SessionState = { user: null, pending: true, error: null };
let session = PENDING;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: SessionState) {
  session = next;
  for (const listener of listeners) listener();
}

/** A 401 means signed out, with no error; without the signed-in hint (a visitor) there is no request at all. */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
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
}

function loadCurrentUser(): Promise<void> {
  loading ??= fetchCurrentUser().then(
    (user) => publish({ user, pending: false, error: null }),
    (error) => publish({ user: null, pending: false, error: errorMessage(error, "Authentication check failed") }),
  );
  return loading;
}

/** After sign-in, sign-out or account deletion: the answer is known, nothing to ask. */
export function setCurrentUser(user: CurrentUser | null): void {
  loading = Promise.resolve();
  publish({ user, pending: false, error: null });
}

/** After a change the server makes to her session user (profile saved, invitation accepted, report generated). */
export function refreshCurrentUser(): Promise<void> {
  loading = null;
  return loadCurrentUser();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadCurrentUser();
  return () => listeners.delete(listener);
}

/**
 * The signed-in user (spec 01 section 4), asked once per page load: any failure other than a 401 is
 * kept as the error and the visitor is treated as signed out.
 */
export function useCurrentUser() {
  const state = React.useSyncExternalStore(
    subscribe,
    () => session,
    () => PENDING,
  );
  return { user: state.user, isLoading: state.pending, error: state.error };
}

/** Sign-out from the navbar, which every page shows: plain state, no query library. */
export function useLogout() {
  const router = useRouter();
  const [isPending, setPending] = React.useState(false);
  const logOut = async () => {
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/logout");
      setCurrentUser(null);
      toast({ title: "Logout successful", description: "You have been logged out successfully" });
      router.push("/");
      router.refresh();
    } catch (error) {
      toast({ title: "Logout failed", description: errorMessage(error, "Something went wrong"), variant: "destructive" });
    } finally {
      setPending(false);
    }
  };
  return { logOut, isPending };
}
