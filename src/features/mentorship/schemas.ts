import { z } from "@/lib/validation";

export const MENTORSHIP_MESSAGE_MAX = 2000;
/** Requests a member may send in a day (all mentors together). */
export const MENTORSHIP_REQUESTS_PER_DAY = 5;

/** A mentorship request: a message that is not empty once trimmed. The form and the handler share it. */
export const mentorshipRequestSchema = z.object({
  message: z
    .string("Please write a message")
    .trim()
    .min(1, "Please write a message")
    .max(
      MENTORSHIP_MESSAGE_MAX,
      `Your message can be at most ${MENTORSHIP_MESSAGE_MAX.toLocaleString("en-US")} characters`,
    ),
  topic: z.string().trim().max(60).optional(),
});
export type MentorshipRequestInput = z.infer<typeof mentorshipRequestSchema>;

export const mentorshipDecisionSchema = z.object({ status: z.enum(["accepted", "declined"]) });
export type MentorshipDecision = z.infer<typeof mentorshipDecisionSchema>["status"];
