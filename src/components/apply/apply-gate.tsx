"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useCurrentUser } from "@/hooks/use-auth";
import { apiRequest } from "@/lib/api-client";
import { PARTNER_REF_COOKIE, PARTNER_REF_MAX_AGE_SECONDS } from "@/features/affiliate/constants";

/**
 * While the auth check runs the page says so; a signed-in user goes to /profile.
 * A ?ref= code is remembered for 30 days so that it still fills the form on a later visit.
 */
export function ApplyGate({ partnerRef, children }: { partnerRef: string | null; children: React.ReactNode }) {
  const router = useRouter();
  const { user, isLoading } = useCurrentUser();
  React.useEffect(() => {
    if (!partnerRef) return;
    document.cookie = `${PARTNER_REF_COOKIE}=${encodeURIComponent(partnerRef)}; Max-Age=${PARTNER_REF_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
    // The partner's link visits (once per visitor per day, counted on the server); a failure changes nothing here.
    apiRequest("POST", "/api/partners/visits", { code: partnerRef }).catch(() => undefined);
  }, [partnerRef]);
  React.useEffect(() => {
    if (user) router.replace("/profile");
  }, [user, router]);
  if (isLoading || user) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Checking authentication status...
      </p>
    );
  }
  return <>{children}</>;
}
