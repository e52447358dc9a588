"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { QueryStatus } from "@/components/ui/query-status";
import { useCurrentUser } from "@/hooks/use-auth";
import { useMemberQuery } from "@/hooks/use-member-query";
import { usePathSegment } from "@/hooks/use-path-segment";
import { ApiError } from "@/lib/api-client";
import { PROFILE_TABS, type ProfileTab } from "@/features/profiles/types";
import type { ProfileScreenData } from "@/features/profiles/types";
import { ProfileScreen } from "./profile-screen";

function MemberNotFound() {
  return (
    <section className="flex flex-col items-center py-16 text-center">
      <h1 className="text-3xl font-semibold">Member Not Found</h1>
      <p className="mt-4 text-muted-foreground">This profile does not exist, or is no longer shown.</p>
      <Button asChild className="mt-8">
        <Link href="/members">Find members</Link>
      </Button>
    </section>
  );
}

/**
 * /profile (hers) and /profile/{id} (another member's), prerendered for everyone
 * (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md): the screen she may see loads here. Her own id at /profile/{id} goes to /profile.
 */
export function ProfileView({ own }: { own: boolean }) {
  const { user } = useCurrentUser();
  const segment = usePathSegment(1);
  const tab = useSearchParams().get("tab");
  const router = useRouter();
  const queryClient = useQueryClient();
  const requested = own ? (user?.id ?? null) : /^\d{1,9}$/.test(segment) ? Number(segment) : null;
  const isHers = !own && user !== null && requested === user.id;
  React.useEffect(() => {
    if (isHers) router.replace(tab ? `/profile?tab=${encodeURIComponent(tab)}` : "/profile");
  }, [isHers, tab, router]);
  const screen = useMemberQuery<ProfileScreenData>(
    "profile",
    requested !== null && !isHers ? `/api/users/${requested}/profile-screen` : null,
  );
  if ((!own && requested === null) || (screen.error instanceof ApiError && screen.error.status === 404))
    return <MemberNotFound />;
  const initialTab = (PROFILE_TABS as readonly string[]).includes(String(tab)) ? (tab as ProfileTab) : "about";
  return (
    <QueryStatus query={screen} what="profile">
      {(data) => (
        <>
          <ProfileScreen
            key={data.profile.id}
            profile={data.profile}
            isOwn={data.isOwn}
            events={data.events}
            partner={data.partner}
            origin={data.origin}
            initialTab={initialTab}
            publishableKey={data.publishableKey}
            openMentorshipRequest={data.openMentorshipRequest}
            onProfileChanged={() => void queryClient.invalidateQueries({ queryKey: ["profile"] })}
          />
          {data.isOwn ? (
            <nav aria-label="Your account" className="mt-10 flex flex-wrap gap-x-6 gap-y-2 border-t pt-6">
              <Link href="/profile/security" className="text-primary underline-offset-4 hover:underline">
                Security: password, email and sessions
              </Link>
              <Link href="/profile/privacy" className="text-primary underline-offset-4 hover:underline">
                Your data and your account
              </Link>
            </nav>
          ) : null}
        </>
      )}
    </QueryStatus>
  );
}
