import Link from "next/link";
import { ProfileScreen } from "@/components/profile/profile-screen";
import { env } from "@/lib/env";
import { siteUrl } from "@/lib/http/site-url";
import { getPartnerDashboard } from "@/server/affiliate/partners";
import type { SessionUser } from "@/server/auth/sessions";
import { openRequestTo } from "@/server/mentorship";
import { getProfile, profileEvents } from "@/server/profiles";
import { PROFILE_TABS, type ProfileTab } from "@/features/profiles/types";

/** /profile and /profile/{id} render the same screen; only the member herself gets Payments, Billing and Affiliate. */
export async function ProfilePage({ viewer, userId, tab }: { viewer: SessionUser; userId: number; tab: string | string[] | undefined }) {
  const isOwn = viewer.id === userId;
  const [profile, events, partner, openRequest] = await Promise.all([
    getProfile(viewer, userId),
    profileEvents(userId),
    isOwn ? getPartnerDashboard(userId) : null,
    isOwn ? null : openRequestTo(viewer.id, userId),
  ]);
  // Her card is entered with Stripe's Payment Element (the Billing tab): only with Stripe configured.
  const publishableKey = isOwn && env().STRIPE_SECRET_KEY ? (env().STRIPE_PUBLISHABLE_KEY ?? null) : null;
  const initialTab = (PROFILE_TABS as readonly string[]).includes(String(tab)) ? (tab as ProfileTab) : "about";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <ProfileScreen profile={profile} isOwn={isOwn} events={events} partner={partner} origin={siteUrl()} initialTab={initialTab} publishableKey={publishableKey} openMentorshipRequest={openRequest} />
      {isOwn ? (
        <nav aria-label="Your account" className="mt-10 flex flex-wrap gap-x-6 gap-y-2 border-t pt-6">
          <Link href="/profile/security" className="text-primary underline-offset-4 hover:underline">
            Security and sessions
          </Link>
          <Link href="/profile/privacy" className="text-primary underline-offset-4 hover:underline">
            Your data and your account
          </Link>
        </nav>
      ) : null}
    </div>
  );
}
