// GET /api/events/{id}/rsvp - her part of an event page (RSVP, live count, join link); POST RSVPs to a
// community event; DELETE cancels the member's own RSVP.
// apiRoute has checked the access rule, so `user` is set (the rule constants are typed as the wide AccessRule).
import { MEMBER } from "@/lib/auth/access";
import { apiRoute } from "@/lib/http/api-route";
import { cancelRsvp, eventViewerPart, rsvpToEvent } from "@/server/events/rsvp";
import { eventIdParamsSchema } from "@/server/events/schemas";

export const GET = apiRoute({ access: MEMBER, params: eventIdParamsSchema }, async ({ params, user }) => eventViewerPart(params.id, user));

export const POST = apiRoute({ access: MEMBER, params: eventIdParamsSchema }, async ({ params, user }) => rsvpToEvent(params.id, user));

export const DELETE = apiRoute({ access: MEMBER, params: eventIdParamsSchema }, async ({ params, user }) => cancelRsvp(params.id, user.id));
