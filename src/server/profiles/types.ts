import type { ProfileVisibility } from "@/db/schema/enums";

/** What any member sees of another (GET /api/users/{id}): never her email, birth data, reports, payments or partner figures. */
export interface PublicProfile {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  /** Null when she shows it to nobody (or left it empty). */
  location: string | null;
  occupation: string | null;
  bio: string | null;
  interests: string[];
  isMentor: boolean;
  mentorTopics: string[];
  membershipLevel: string | null;
  /** The tier's title, e.g. "Create". */
  levelTitle: string | null;
  joinedYear: number;
  /** Her RSVPs to events that have ended. */
  eventsAttended: number;
}

/** Her own profile (or any, to an administrator): every field as entered, her email and her choices. */
export interface OwnProfile extends PublicProfile {
  email: string;
  isPartner: boolean;
  locationVisibility: ProfileVisibility;
  occupationVisibility: ProfileVisibility;
  bioVisibility: ProfileVisibility;
  hiddenFromDirectory: boolean;
}

export type Profile = PublicProfile | OwnProfile;

export const isOwnProfile = (profile: Profile): profile is OwnProfile => "email" in profile;

/** One card of the member directory. */
export interface DirectoryMember {
  id: number;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  location: string | null;
  occupation: string | null;
  interests: string[];
  isMentor: boolean;
  mentorTopics: string[];
  levelTitle: string | null;
}

export interface DirectoryPage {
  members: DirectoryMember[];
  /** Pass as `after` for the next page; null on the last one. */
  next: string | null;
}

/** One of the two events on the My Events tab. */
export interface ProfileEvent {
  id: number;
  title: string;
  image: string | null;
  date: string;
  location: string;
  /** She said she is going. */
  going: boolean;
}

/** The profile's tabs, as `?tab=` names them. */
export const PROFILE_TABS = ["about", "events", "payments", "billing", "affiliate", "mentorship"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
