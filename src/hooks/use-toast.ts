"use client";

import * as React from "react";
import { announce } from "./use-live-region";

// At most one toast at a time; a dismissed toast is removed from memory after
// 1,000,000 ms (its closing animation finishes long before); each shows for 5000 ms by default.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastEntry extends ToastInput {
  id: string;
  open: boolean;
}

let counter = 0;
let toasts: ToastEntry[] = [];
const listeners = new Set<(state: ToastEntry[]) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastEntry[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const t of toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  publish(toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

/** "Settings saved" and "Your choices are saved." read as two sentences. */
const spoken = ({ title, description }: ToastInput) =>
  description ? `${/[.!?]$/.test(title) ? title : `${title}.`} ${description}` : title;

/**
 * Shows a toast; a new toast replaces the one on screen. It is said through the page's live region
 * (docs/decisions/037-focus-after-an-action.md); the Toaster keeps the primitive's own announcer out.
 */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  announce(spoken(input));
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The one way to say something failed: a destructive toast (the server's words come through `errorMessage`). */
export function toastError(title: string, description?: string): { id: string; dismiss: () => void } {
  return toast({ title, description, variant: "destructive" });
}

// A toast that must outlive a full page load (sign-in and sign-out end with one): kept for this tab
// only, shown by the Toaster when the next page mounts it. It names the page that wrote it: the
// Toaster loads after the page is interactive, and one that arrives between the write and the page
// load would otherwise show the toast on the page being left, where no one sees it.
const NEXT_PAGE_TOAST_KEY = "toast-on-next-page";
const THIS_PAGE_LOAD = Math.random().toString(36).slice(2);

interface StoredToast extends Partial<ToastInput> {
  writtenBy?: string;
}

export function toastOnNextPage(input: ToastInput): void {
  try {
    sessionStorage.setItem(
      NEXT_PAGE_TOAST_KEY,
      JSON.stringify({ ...input, writtenBy: THIS_PAGE_LOAD } satisfies StoredToast),
    );
  } catch {
    // Storage refused (private mode quota): the page still loads, without its toast.
  }
}

/** Whether a toast written by the page before this one waits to be shown (the Toaster then loads). */
export function hasNextPageToast(): boolean {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(NEXT_PAGE_TOAST_KEY);
  } catch {
    return false;
  }
  if (stored === null) return false;
  try {
    return (JSON.parse(stored) as StoredToast).writtenBy !== THIS_PAGE_LOAD;
  } catch {
    // Not ours: showNextPageToast drops it.
    return true;
  }
}

export function showNextPageToast(): void {
  let input: StoredToast | null = null;
  try {
    const stored = sessionStorage.getItem(NEXT_PAGE_TOAST_KEY);
    if (!stored) return;
    try {
      input = JSON.parse(stored) as StoredToast;
    } catch {
      // Not ours (written by an older version): dropped below, nothing to show.
    }
    if (input?.writtenBy === THIS_PAGE_LOAD) return;
    sessionStorage.removeItem(NEXT_PAGE_TOAST_KEY);
  } catch {
    return;
  }
  if (input && typeof input.title === "string")
    toast({
      title: input.title,
      description: typeof input.description === "string" ? input.description : undefined,
      variant: input.variant === "destructive" ? "destructive" : "default",
    });
}

export function getToasts(): ToastEntry[] {
  return toasts;
}

export function subscribeToToasts(listener: (state: ToastEntry[]) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useToasts(): ToastEntry[] {
  return React.useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
}
