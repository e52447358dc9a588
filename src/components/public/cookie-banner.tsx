"use client";

import * as React from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

/** Spec 02 section 9: consent is stored locally under a consent key with the value "accepted". */
export const COOKIE_CONSENT_KEY = "cookie-consent";

const subscribe = (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
};
const readConsent = () => window.localStorage.getItem(COOKIE_CONSENT_KEY);

/**
 * Spec 02 section 2.18: shown until acceptance is stored; Accept All and Cookie Settings both only
 * store acceptance (the site sets no optional cookies, so there is nothing to choose).
 */
export function CookieBanner() {
  // On the server (and the first client render) consent is unknown: render nothing, so static pages match.
  const consent = React.useSyncExternalStore(subscribe, readConsent, () => "unknown");
  const [dismissed, setDismissed] = React.useState(false);
  if (consent !== null || dismissed) return null;

  const accept = () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, "accepted");
    setDismissed(true);
  };
  return (
    <section aria-label="Cookie consent" className="fixed inset-x-0 bottom-0 z-30 border-t bg-card p-4 shadow-lg">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">
          We use cookies to keep you signed in and to remember this choice. No advertising or tracking cookies.{" "}
          <Link href="/privacy" className="underline underline-offset-4">
            Privacy Policy
          </Link>
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
