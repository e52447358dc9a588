import "server-only";
import { getPartnerDashboard } from "@/server/affiliate/partners";
import type { SessionUser } from "@/server/auth/sessions";
import { openRequestTo } from "@/server/mentorship";
import { env } from "@/lib/env";
import { siteUrl } from "@/lib/http/site-url";
import { getProfile, profileEvents } from "./index";
import type { ProfileScreenData } from "@/features/profiles/types";

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
