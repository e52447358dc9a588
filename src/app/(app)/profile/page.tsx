import type { Metadata } from "next";
import { Suspense } from "react";
import { ProfileView } from "@/components/profile/profile-view";

// Rendered afresh hourly, and at once when the site settings change (their root layout).
export const revalidate = 3600;

export const metadata: Metadata = { title: "My Profile", robots: { index: false } };

// /profile is the signed-in member. Prerendered once for every member
// (docs/decisions/032-member-pages-at-the-speed-of-the-floor.md): hers loads in the browser.
export default function MyProfilePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Suspense>
        <ProfileView own />
      </Suspense>
    </div>
  );
}
