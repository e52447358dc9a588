import type { Metadata } from "next";
import { Suspense } from "react";
import { ProfileView } from "@/components/profile/profile-view";
import { PRERENDERED_PARAM } from "@/lib/http/member-pages";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

export const metadata: Metadata = { title: "Member Profile", robots: { index: false } };

// /profile/{id} is another member's profile. One page prerendered for every member
// (next.config.ts rewrites /profile/{id} to it): the profile she asked for loads in the browser.
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ id: PRERENDERED_PARAM }];
}

export default function MemberProfilePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Suspense>
        <ProfileView own={false} />
      </Suspense>
    </div>
  );
}
