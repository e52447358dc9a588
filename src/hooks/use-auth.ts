"use client";

import * as React from "react";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import type { CurrentUser } from "@/features/auth/types";
import { clearSignedInHint, hasSignedInHint } from "@/lib/auth/signed-in-hint";
import { toastError, toastOnNextPage, type ToastInput } from "./use-toast";

/** The shape GET /api/auth/me and POST /api/auth/login answer with. */
export type { CurrentUser };

interface SessionState {
  user: CurrentUser | null;
  pending: boolean;
  error: string | null;
}

/*
 * The signed-in user lives in this small store rather than in TanStack Query: the navbar reads it
 * on every page, and the public pages load no query library (their JavaScript budget).
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

/**
 * After a change the server makes to her session user (profile saved, report generated). With
 * `untilKnown`, what was believed is dropped until the answer comes (the sign-in page must not act on a
 * session that ended elsewhere).
 */
export function refreshCurrentUser({ untilKnown = false } = {}): Promise<void> {
  loading = null;
  if (untilKnown) publish(PENDING);
  return loadCurrentUser();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadCurrentUser();
  return () => listeners.delete(listener);
}

/**
 * The signed-in user, asked once per page load: any failure other than a 401 is
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

/**
 * Goes to `path` with a full page load after sign-in, sign-out or the two-factor step. Those change
 * what every guarded page answers, but the router keeps what it prefetched before (the proxy's
 * redirect to /login while she was signed out, her own pages after she signs out) and would replay
 * it, leaving her where she was (vercel/next.js#88937, and router.refresh() drops page data
 * but not prefetched redirects). A page load drops every client cache at once: the router's, the
 * queries' and the signed-in user's. The toast is shown on the page she lands on.
 */
export function reloadAfterSessionChange(path: string, notice?: ToastInput): void {
  if (notice) toastOnNextPage(notice);
  window.location.assign(path);
}

/** Sign-out from the navbar, which every page shows: plain state, no query library. */
export function useLogout() {
  const [isPending, setPending] = React.useState(false);
  const logOut = async () => {
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/logout");
      setCurrentUser(null);
      // Sign-out clears all cached data and goes home; she stays "pending" until the page is left.
      reloadAfterSessionChange("/", {
        title: "Logout successful",
        description: "You have been logged out successfully",
      });
    } catch (error) {
      toastError("Logout failed", errorMessage(error, "Something went wrong"));
      setPending(false);
    }
  };
  return { logOut, isPending };
}
