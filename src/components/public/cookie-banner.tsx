"use client";

import * as React from "react";
import { IntentLink } from "@/components/ui/intent-link";
import { Button } from "@/components/ui/button";

/** Consent is stored locally under a consent key with the value "accepted". */
export const COOKIE_CONSENT_KEY = "cookie-consent";

/** The banner's height, which the page keeps clear below a focused element (globals.css, scroll-padding-bottom). */
const HEIGHT_PROPERTY = "--cookie-banner-height";

const subscribe = (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
};
const readConsent = () => window.localStorage.getItem(COOKIE_CONSENT_KEY);

function inOpenDisclosure(element: Element | null): boolean {
  if (!element) return false;
  return [...document.querySelectorAll('[aria-expanded="true"]')].some((control) => {
    const controlled = document.getElementById(control.getAttribute("aria-controls") ?? "");
    return control.contains(element) || Boolean(controlled?.contains(element));
  });
}

/**
 * Shown until acceptance is stored; Accept All and Cookie Settings both only
 * store acceptance (the site sets no optional cookies, so there is nothing to choose). Escape puts it
 * away without choosing, until the next page load (WCAG 2.4.11; docs/decisions/037-focus-after-an-action.md).
 * While it is shown the page scrolls a focused element clear of it; when it goes, focus that was in it
 * returns to where she was before.
 */
export function CookieBanner() {
  // On the server (and the first client render) consent is unknown: render nothing, so static pages match.
  const consent = React.useSyncExternalStore(subscribe, readConsent, () => "unknown");
  const [dismissed, setDismissed] = React.useState(false);
  const shown = consent === null && !dismissed;
  const banner = React.useRef<HTMLElement>(null);
  const focusBefore = React.useRef<HTMLElement | null>(null);

  const close = React.useCallback(() => {
    const element = banner.current;
    if (element?.contains(document.activeElement)) {
      const back = focusBefore.current?.isConnected ? focusBefore.current : document.getElementById("main");
      if (back && back.tabIndex < 0 && !back.hasAttribute("tabindex")) back.tabIndex = -1;
      back?.focus({ preventScroll: true });
    }
    setDismissed(true);
  }, []);

  React.useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = new ResizeObserver(() => root.style.setProperty(HEIGHT_PROPERTY, `${element.offsetHeight}px`));
    measure.observe(element);
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !element.contains(active))
      focusBefore.current = active;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !element.contains(event.target)) focusBefore.current = event.target;
    };
    // Escape closes one thing at a time: in an open menu or dialog (on its expanded button or in what it
    // controls) the key is theirs. Looked at first (capture), before the menu closes and moves focus.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || inOpenDisclosure(document.activeElement)) return;
      close();
    };
    document.addEventListener("focusin", onFocusIn);
    window.addEventListener("keydown", onKeyDown, true);
    return () => {
      measure.disconnect();
      root.style.removeProperty(HEIGHT_PROPERTY);
      document.removeEventListener("focusin", onFocusIn);
      window.removeEventListener("keydown", onKeyDown, true);
    };
  }, [shown, close]);

  if (!shown) return null;

  const accept = () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, "accepted");
    close();
  };
  return (
    <section
      ref={banner}
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card p-4 shadow-lg"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">
          We use cookies to keep you signed in and to remember this choice. No advertising or tracking cookies.{" "}
          <IntentLink href="/privacy" className="underline underline-offset-4">
            Privacy Policy
          </IntentLink>
        </p>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={accept}>
            Cookie Settings
          </Button>
          <Button size="sm" onClick={accept}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
}
