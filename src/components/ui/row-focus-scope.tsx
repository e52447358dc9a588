"use client";

import * as React from "react";

/**
 * Wraps a list whose rows an action takes away along with the button she pressed (Dismiss, Approve,
 * Delete): when the focused element leaves the page with its row, focus moves to the row now in its
 * place (the next one, or the last when hers was the last), or to the list's heading once no row is
 * left, instead of falling to the page (WCAG 2.4.3; docs/decisions/033-focus-after-an-action.md).
 *
 * Rows carry `data-row`; the element to focus in a row carries `data-row-focus` (the row itself when
 * none does, which then needs tabIndex -1); the heading carries `data-row-fallback` and tabIndex -1.
 * Focus that something else has already put somewhere on purpose is left where it is.
 */
export function RowFocusScope({ className, children }: { className?: string; children: React.ReactNode }) {
  const scopeRef = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const scope = scopeRef.current;
    if (!scope) return;
    const rows = () => [...scope.querySelectorAll<HTMLElement>("[data-row]")];
    let held: { element: Element; row: number } | null = null;

    const onFocusIn = (event: FocusEvent) => {
      const element = event.target as Element;
      const row = element.closest<HTMLElement>("[data-row]");
      held = row ? { element, row: rows().indexOf(row) } : null;
    };
    const observer = new MutationObserver(() => {
      if (!held || held.element.isConnected) return;
      const { row } = held;
      held = null;
      if (document.activeElement && document.activeElement !== document.body) return;
      const left = rows();
      const next = left[Math.min(row, left.length - 1)];
      const target = next
        ? (next.querySelector<HTMLElement>("[data-row-focus]") ?? next)
        : scope.querySelector<HTMLElement>("[data-row-fallback]");
      target?.focus();
    });
    scope.addEventListener("focusin", onFocusIn);
    observer.observe(scope, { childList: true, subtree: true });
    return () => {
      scope.removeEventListener("focusin", onFocusIn);
      observer.disconnect();
    };
  }, []);
  return (
    <div ref={scopeRef} className={className}>
      {children}
    </div>
  );
}
