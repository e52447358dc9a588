"use client";

import { QueryStatus } from "@/components/ui/query-status";
import { useCurrentUser } from "@/hooks/use-auth";
import { useMemberQuery } from "@/hooks/use-member-query";
import type { SpiritualProfile as Profile } from "@/features/spiritual-profile/types";
import { SpiritualProfile } from "./spiritual-profile";

/** /spiritual-profile is prerendered for everyone; her birth data and reports load here, from a call only she may make. */
export function SpiritualProfileView() {
  const { user } = useCurrentUser();
  const profile = useMemberQuery<Profile>(
    "spiritual-profile",
    user ? `/api/users/${user.id}/spiritual-profile` : null,
    { fresh: false },
  );
  if (!user) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading your profile...
      </p>
    );
  }
  return (
    <QueryStatus query={profile} what="profile">
      {(data) => <SpiritualProfile userId={user.id} initial={data} />}
    </QueryStatus>
  );
}
