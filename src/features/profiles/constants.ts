/** Who sees a profile field a member may hide: other members, or nobody but her (and admins). */
export const PROFILE_VISIBILITIES = ["members", "nobody"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
