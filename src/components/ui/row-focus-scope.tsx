"use client";

import * as React from "react";

/**
 * Wraps a list whose rows an action takes away (Dismiss, Approve, Delete) or moves (Up, Down) along
 * with the button she pressed. When that drops her focus to the page, focus goes back to the button
 * if its row was only moved, else to the row now in its place (the next one, or the last when hers
 * was the last), or to the list's heading once no row is left (or none with a control) (WCAG 2.4.3;
 * docs/decisions/037-focus-after-an-action.md).
 *
 * Rows carry `data-row`; the element to focus in a row carries `data-row-focus` (else the row itself
 * when it has a tabIndex, else its first control); the heading carries `data-row-fallback` and tabIndex -1.
 * Focus that something else has put somewhere on purpose is left where it is.
 */
const CONTROLS = "a[href], button, input, select, textarea, [tabindex]";

function focusTarget(row: HTMLElement): HTMLElement | null {
  return (
    row.querySelector<HTMLElement>("[data-row-focus]") ??
    (row.hasAttribute("tabindex") ? row : row.querySelector<HTMLElement>(CONTROLS))
  );
}

export function RowFocusScope({ className, children }: { className?: string; children: React.ReactNode }) {
  const scopeRef = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const scope = scopeRef.current;
    if (!scope) return;
    const rows = () => [...scope.querySelectorAll<HTMLElement>("[data-row]")];
    let held: { element: HTMLElement; row: number } | null = null;

    const onFocusIn = (event: FocusEvent) => {
      const element = event.target as HTMLElement;
      const row = element.closest<HTMLElement>("[data-row]");
      held = row ? { element, row: rows().indexOf(row) } : null;
    };
    // A press elsewhere (the page's background, which takes focus from her button): nothing to put back.
    const onPointerDown = (event: PointerEvent) => {
      if (!held?.element.contains(event.target as Node)) held = null;
    };
    const observer = new MutationObserver(() => {
      if (!held) return;
      const active = document.activeElement;
      if (active && active !== document.body) {
        if (!held.element.isConnected) held = null;
        return;
      }
      const { element, row } = held;
      held = null;
      if (element.isConnected) return element.focus();
      const left = rows();
      const next = left[Math.min(row, left.length - 1)];
      const target = (next && focusTarget(next)) ?? scope.querySelector<HTMLElement>("[data-row-fallback]");
      target?.focus();
    });
    scope.addEventListener("focusin", onFocusIn);
    document.addEventListener("pointerdown", onPointerDown, true);
    observer.observe(scope, { childList: true, subtree: true });
    return () => {
      scope.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("pointerdown", onPointerDown, true);
      observer.disconnect();
    };
  }, []);
  return (
    <div ref={scopeRef} className={className}>
      {children}
    </div>
  );
}
