import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import type { EventJoinLink } from "@/features/events/types";
import { isGoing, type EventRow } from "./queries";
import { hasMembership } from "@/lib/auth/access";

/**
 * Who may see an online event's join link. A public event's link is public, on its
 * page and in its calendar file. A members-only event's link is for members who hold a membership, and
 * for our own events only once she has RSVPed (Luma keeps its guests' RSVPs). Administrators manage the
 * link in the admin events screen.
 * The page, the calendar file and GET /api/events/{id}/join-link all decide here.
 */
export function joinLinkIsPublic(event: Pick<EventRow, "accessType">): boolean {
  return event.accessType !== "members";
}

export async function joinLinkFor(event: EventRow, user: SessionUser | null): Promise<EventJoinLink> {
  if (!event.onlineUrl) return { url: null, needs: null };
  if (joinLinkIsPublic(event)) return { url: event.onlineUrl, needs: null };
  if (!user) return { url: null, needs: "sign-in" };
  if (!hasMembership(user)) return { url: null, needs: "membership" };
  if (event.source !== "internal" || (await isGoing(event.id, user.id))) return { url: event.onlineUrl, needs: null };
  return { url: null, needs: "rsvp" };
}
