import { z } from "zod";

/**
 * GET /api/events/{id}/join-link: an online event's link to join, for whoever may see it
 * (src/server/events/join-link.ts), or what she needs first.
 */
export const eventJoinLinkSchema = z.strictObject({
  url: z.string().nullable(),
  needs: z.enum(["sign-in", "membership", "rsvp"]).nullable(),
});
export type EventJoinLink = z.infer<typeof eventJoinLinkSchema>;

export const joinLinkQueryKey = (eventId: number) => ["events", eventId, "join-link"] as const;
