import { z } from "@/lib/validation";
import { id, isoDateTime } from "@/features/api/json";
import { onboardingChecklistSchema } from "@/features/onboarding/types";
import { profileEventSchema } from "@/features/profiles/types";

/** A topic with activity since her last visit, in a category she took part in or a topic she follows. */
export const homeTopicSchema = z.strictObject({
  id,
  slug: z.string(),
  title: z.string(),
  categoryName: z.string(),
  /** Started since her last visit. */
  isNew: z.boolean(),
  /** Replies written since her last visit (none by members she blocked, none hidden or removed). */
  newReplies: z.number().int().nonnegative(),
  lastPostAt: isoDateTime,
});
export type HomeTopic = z.infer<typeof homeTopicSchema>;

/** A library item of her tier published since her last visit. */
export const homeLibraryItemSchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  categoryName: z.string().nullable(),
  publishedAt: isoDateTime,
});

/** A course she started and has not finished, her latest first. */
export const homeCourseSchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  progress: z.strictObject({ completed: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
});

/** A member who joined this week and is in the directory. */
export const homeMemberSchema = z.strictObject({
  id,
  name: z.string(),
  profilePicture: z.string().nullable(),
});

/** GET /api/home: what happened since her last visit, and what is coming. */
export const membersHomeSchema = z.strictObject({
  /** The instant "since your last visit" counts from. */
  since: isoDateTime,
  /** "taken-part": categories she wrote in and topics she follows; "everywhere": she has not taken part yet. */
  topicsFrom: z.enum(["taken-part", "everywhere"]),
  topics: z.array(homeTopicSchema),
  library: z.array(homeLibraryItemSchema),
  /** Her next event she said she is going to, if any. */
  goingTo: profileEventSchema.nullable(),
  /** The next two events she can attend (not the one above). */
  upcoming: z.array(profileEventSchema),
  newMembers: z.array(homeMemberSchema),
  /** Courses she is taking (started, not finished, still open to her). */
  courses: z.array(homeCourseSchema),
  /** Her first steps, until she puts them away. */
  checklist: onboardingChecklistSchema,
  unread: z.strictObject({
    notifications: z.number().int().nonnegative(),
    messages: z.number().int().nonnegative(),
  }),
});
export type MembersHome = z.infer<typeof membersHomeSchema>;
