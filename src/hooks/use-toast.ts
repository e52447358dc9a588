"use client";

import * as React from "react";

// Spec 01 section 9: at most one toast at a time; a dismissed toast is removed from memory after
// 1,000,000 ms (its closing animation finishes long before); each shows for 5000 ms by default.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: React.ReactNode;
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

/** Shows a toast; a new toast replaces the one on screen. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

// A toast that must outlive a full page load (sign-in and sign-out end with one): kept for this tab
// only, shown by the Toaster when the next page mounts it.
const NEXT_PAGE_TOAST_KEY = "toast-on-next-page";

export function toastOnNextPage(input: ToastInput & { description?: string }): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_TOAST_KEY, JSON.stringify(input));
  } catch {
    // Storage refused (private mode quota): the page still loads, without its toast.
  }
}

export function showNextPageToast(): void {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(NEXT_PAGE_TOAST_KEY);
    sessionStorage.removeItem(NEXT_PAGE_TOAST_KEY);
  } catch {
    return;
  }
  if (!stored) return;
  try {
    const input = JSON.parse(stored) as Partial<ToastInput>;
    if (typeof input.title === "string") toast({ title: input.title, description: typeof input.description === "string" ? input.description : undefined, variant: input.variant === "destructive" ? "destructive" : "default" });
  } catch {
    // Not ours (written by an older version): nothing to show.
  }
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
