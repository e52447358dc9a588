"use client";

import * as React from "react";
import { usePathname } from "next/navigation";
import { refreshCurrentUser } from "@/hooks/use-auth";
import { hasSignedInHint } from "@/lib/auth/signed-in-hint";
import { isPrerenderedMemberPage } from "@/lib/http/member-pages";

/** The last page this component saw in this document; null until it first mounts. */
let lastSeen: string | null = null;

/** Whether the browser loaded `pathname` from the server as this document (so the proxy guarded it). */
function loadedFromServer(pathname: string): boolean {
  const entry = performance.getEntriesByType("navigation")[0];
  return new URL(entry?.name ?? window.location.href).pathname === pathname;
}

/**
 * A prerendered member page the router prefetched is shown on a click without asking the server, so
 * the proxy's guard does not run: a member whose session ended meanwhile (signed out in another tab,
 * disabled by an admin) would see the page, stale data and errors. After each such navigation her
 * session is asked for again; when it has ended, the page is loaded from the server, whose proxy sends
 * her to sign in with this page as `next`.
 */
export function RecheckSessionOnMemberPages() {
  const pathname = usePathname();
  React.useEffect(() => {
    const firstPageOfTheLoad = lastSeen === null && loadedFromServer(pathname);
    lastSeen = pathname;
    if (firstPageOfTheLoad || !isPrerenderedMemberPage(pathname)) return;
    let current = true;
    void refreshCurrentUser().then(() => {
      if (current && !hasSignedInHint())
        window.location.replace(`${window.location.pathname}${window.location.search}`);
    });
    return () => {
      current = false;
    };
  }, [pathname]);
  return null;
}
