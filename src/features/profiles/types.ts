import { z } from "@/lib/validation";
import { PROFILE_VISIBILITIES } from "./constants";
import { id } from "@/features/api/json";
import { memberLevelSchema, memberStandingSchema } from "@/features/levels/schemas";
import { partnerDashboardSchema } from "@/features/affiliate/types";
import { openMentorshipRequestSchema } from "@/features/mentorship/types";

/** What any member sees of another (GET /api/users/{id}): never her email, birth data, reports, payments or partner figures. */
export const publicProfileSchema = z.strictObject({
  id,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  /** Null when she shows it to nobody (or left it empty). */
  location: z.string().nullable(),
  occupation: z.string().nullable(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  isMentor: z.boolean(),
  mentorTopics: z.array(z.string()),
  membershipLevel: z.string().nullable(),
  /** The tier's title, e.g. "Create". */
  levelTitle: z.string().nullable(),
  /** Her level from points (not her tier). */
  pointsLevel: memberLevelSchema,
  joinedYear: z.number().int(),
  /** Her RSVPs to events that have ended. */
  eventsAttended: z.number().int().nonnegative(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** Her own profile (or any, to an administrator): every field as entered, her email and her choices. */
export const ownProfileSchema = publicProfileSchema.extend({
  email: z.string(),
  isPartner: z.boolean(),
  locationVisibility: z.enum(PROFILE_VISIBILITIES),
  occupationVisibility: z.enum(PROFILE_VISIBILITIES),
  bioVisibility: z.enum(PROFILE_VISIBILITIES),
  hiddenFromDirectory: z.boolean(),
  /** Her points and what the next level needs. */
  standing: memberStandingSchema,
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export type Profile = PublicProfile | OwnProfile;

export const isOwnProfile = (profile: Profile): profile is OwnProfile => "email" in profile;

/** One card of the member directory. */
export const directoryMemberSchema = z.strictObject({
  id,
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  location: z.string().nullable(),
  occupation: z.string().nullable(),
  interests: z.array(z.string()),
  isMentor: z.boolean(),
  mentorTopics: z.array(z.string()),
  levelTitle: z.string().nullable(),
  pointsLevel: memberLevelSchema,
});
export type DirectoryMember = z.infer<typeof directoryMemberSchema>;

export const directoryPageSchema = z.strictObject({
  members: z.array(directoryMemberSchema),
  /** Pass as `after` for the next page; null on the last one. */
  next: z.string().nullable(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

/** One of the two events on the My Events tab. */
export const profileEventSchema = z.strictObject({
  id,
  title: z.string(),
  image: z.string().nullable(),
  date: z.string(),
  location: z.string(),
  /** She said she is going. */
  going: z.boolean(),
});
export type ProfileEvent = z.infer<typeof profileEventSchema>;

/** The profile's tabs, as `?tab=` names them. */
export const PROFILE_TABS = ["about", "events", "payments", "billing", "affiliate", "mentorship"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/**
 * What the profile screen shows its viewer (GET /api/users/{id}/profile-screen; the page is prerendered
 * for everyone): her own screen with the partner figures and the Billing tab's Stripe key, another
 * member's with only her public profile and the viewer's open mentorship request to her.
 */
const screenFields = {
  events: z.array(profileEventSchema),
  /** The site's address, for her referral link. */
  origin: z.string(),
};
export const ownProfileScreenSchema = z.strictObject({
  ...screenFields,
  profile: ownProfileSchema,
  isOwn: z.literal(true),
  partner: partnerDashboardSchema.nullable(),
  openMentorshipRequest: z.null(),
  /** Stripe's publishable key for her card on the Billing tab, with Stripe configured. */
  publishableKey: z.string().nullable(),
});
export const memberProfileScreenSchema = z.strictObject({
  ...screenFields,
  profile: publicProfileSchema,
  isOwn: z.literal(false),
  partner: z.null(),
  openMentorshipRequest: openMentorshipRequestSchema.nullable(),
  publishableKey: z.null(),
});
export type ProfileScreenData = z.infer<typeof ownProfileScreenSchema> | z.infer<typeof memberProfileScreenSchema>;
