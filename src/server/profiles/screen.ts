import "server-only";
import { getPartnerDashboard } from "@/server/affiliate/partners";
import type { PartnerDashboard } from "@/features/affiliate/types";
import type { SessionUser } from "@/server/auth/sessions";
import { openRequestTo } from "@/server/mentorship";
import type { OpenMentorshipRequest } from "@/features/mentorship/types";
import { env } from "@/lib/env";
import { siteUrl } from "@/lib/http/site-url";
import { getProfile, profileEvents } from "./index";
import type { Profile, ProfileEvent } from "@/features/profiles/types";

/** What the profile screen shows its viewer (GET /api/users/{id}/profile-screen): the page is prerendered for everyone. */
export interface ProfileScreenData {
  profile: Profile;
  /** The viewer is looking at her own profile. */
  isOwn: boolean;
  events: ProfileEvent[];
  /** Her affiliate figures, on her own profile when she is a partner. */
  partner: PartnerDashboard | null;
  /** Her unanswered request to this mentor (another member's profile only). */
  openMentorshipRequest: OpenMentorshipRequest | null;
  /** Stripe's publishable key for her card on the Billing tab (her own profile, with Stripe configured). */
  publishableKey: string | null;
  /** The site's address, for her referral link. */
  origin: string;
}

/** /profile and /profile/{id}: the header and tabs; Payments, Billing and Affiliate only on her own. */
export async function profileScreen(viewer: SessionUser, userId: number): Promise<ProfileScreenData> {
  const isOwn = viewer.id === userId;
  const [profile, events, partner, openMentorshipRequest] = await Promise.all([
    getProfile(viewer, userId),
    profileEvents(userId),
    isOwn ? getPartnerDashboard(userId) : null,
    isOwn ? null : openRequestTo(viewer.id, userId),
  ]);
  const publishableKey = isOwn && env().STRIPE_SECRET_KEY ? (env().STRIPE_PUBLISHABLE_KEY ?? null) : null;
  return { profile, isOwn, events, partner, openMentorshipRequest, publishableKey, origin: siteUrl() };
}
