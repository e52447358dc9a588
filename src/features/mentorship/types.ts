import { z } from "@/lib/validation";
import { id, isoDateTime } from "@/features/api/json";

/** A request a mentor received (GET /api/users/{id}/mentorship-requests, hers only). */
export const receivedRequestSchema = z.strictObject({
  id,
  requester: z.strictObject({ id, firstName: z.string(), lastName: z.string(), profilePicture: z.string().nullable() }),
  /** Only once she has accepted: then both have each other's email. */
  requesterEmail: z.string().nullable(),
  topic: z.string().nullable(),
  message: z.string(),
  status: z.enum(["pending", "accepted", "declined"]),
  createdAt: isoDateTime,
});
export type ReceivedRequest = z.infer<typeof receivedRequestSchema>;

/** Her own unanswered request to a mentor, shown on the mentor's profile in place of the form. */
export const openMentorshipRequestSchema = z.strictObject({ sentAt: z.string() });
export type OpenMentorshipRequest = z.infer<typeof openMentorshipRequestSchema>;

/** POST /api/users/{id}/mentorship-requests: sent, and to whom (her first name, for the toast). */
export const sentRequestSchema = z.strictObject({ id, mentorName: z.string() });
/** PATCH /api/mentorship-requests/{id}. */
export const decidedRequestSchema = z.strictObject({ id, status: z.enum(["accepted", "declined"]) });
