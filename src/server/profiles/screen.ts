import "server-only";
import { getPartnerDashboard } from "@/server/affiliate";
import type { SessionUser } from "@/lib/auth/session-user";
import { openRequestTo } from "@/server/mentorship";
import { env } from "@/lib/env";
import { siteUrl } from "@/lib/http/site-url";
import { getProfile, profileEvents } from "./index";
import { isOwnProfile, type ProfileScreenData } from "@/features/profiles/types";

/** /profile and /profile/{id}: the header and tabs; Payments, Billing and Affiliate only on her own. */
export async function profileScreen(viewer: SessionUser, userId: number): Promise<ProfileScreenData> {
  const [profile, events] = await Promise.all([getProfile(viewer, userId), profileEvents(userId)]);
  const origin = siteUrl();
  if (viewer.id !== userId || !isOwnProfile(profile)) {
    return {
      profile,
      isOwn: false,
      events,
      partner: null,
      openMentorshipRequest: await openRequestTo(viewer.id, userId),
      publishableKey: null,
      origin,
    };
  }
  // Her card is entered with Stripe's Payment Element (the Billing tab): only with Stripe configured.
  const publishableKey = env().STRIPE_SECRET_KEY ? (env().STRIPE_PUBLISHABLE_KEY ?? null) : null;
  return {
    profile,
    isOwn: true,
    events,
    partner: await getPartnerDashboard(userId),
    openMentorshipRequest: null,
    publishableKey,
    origin,
  };
}
